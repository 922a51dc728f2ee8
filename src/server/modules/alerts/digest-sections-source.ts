import type { Kysely } from 'kysely';
import type { RecommendationItem } from '../../../contracts/recommendation-list.ts';
import { alertReachesScope } from '../../../domain/alert-audience.ts';
import { type CostScope, isCostInScope } from '../../../domain/cost-scope.ts';
import {
  commitmentsSection,
  type DigestSections,
  endsWithinDigestDays,
  liveSpendSection,
  wasteSection,
} from '../../../domain/digest-sections.ts';
import type { LiveSpendReading } from '../../../domain/live-spend-alerts.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { notificationsFiredWithin } from './alert-outbox.repository.ts';
import type { CommitmentFactsSource, CommitmentPartsSource } from './commitment-evaluation.ts';
import type { DigestPeriod } from './digest-wording.ts';
import type { LiveSpendSource } from './live-ledger-source.ts';
import { watchesOf } from './notifications.service.ts';

/**
 * The recommendations module's open findings (none dismissed, snoozed or expected) that a scope
 * covers, each with the team that owns it. Findings of every kind: the digest names none.
 */
export type OpenFindingsSource = (organizationId: string, scope: CostScope) => Promise<RecommendationItem[]>;

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<DigestPeriod, number> = { daily: 1, weekly: 7 };

type CommitmentFacts = Awaited<ReturnType<CommitmentFactsSource>>;

/**
 * What the digest says beyond spend (docs/decisions/113), read for one person's scope or the whole
 * organization. The meter's readings and the commitments are read once per organization and pass.
 */
export function createDigestSectionsSource(deps: {
  db: Kysely<DatabaseSchema>;
  liveSpend?: LiveSpendSource;
  commitments?: CommitmentFactsSource;
  /** A team's part of the commitments billed outside its accounts: their ends reach it too. */
  commitmentParts?: CommitmentPartsSource;
  openFindings?: OpenFindingsSource;
}) {
  const { db } = deps;

  /** One pass of digests at `now`: reads shared by the people of one organization are kept. */
  return function pass(now: Date) {
    const readings = new Map<string, Promise<LiveSpendReading[]>>();
    const commitments = new Map<string, Promise<CommitmentFacts>>();
    const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
      const kept = cache.get(key) ?? read();
      cache.set(key, kept);
      return kept;
    };

    async function liveSpendOf(organizationId: string, scope: CostScope, period: DigestPeriod) {
      const source = deps.liveSpend;
      const [all, fired] = await Promise.all([
        source ? once(readings, organizationId, () => source.readingsOf(organizationId, now.getTime())) : [],
        notificationsFiredWithin(db, organizationId, 'live-spend', PERIOD_DAYS[period] * DAY_MS),
      ]);
      const inScope = all.filter((reading) =>
        isCostInScope(scope, { usageAccountId: reading.accountId ?? '', tags: { ...reading.tags } }),
      );
      const alerts = fired
        .filter((row) => alertReachesScope(scope, watchesOf(row)))
        .map((row) => ({ title: row.title, firedAt: new Date(row.fired_at) }));
      return liveSpendSection(inScope, alerts);
    }

    async function commitmentsOf(organizationId: string, scope: CostScope) {
      const source = deps.commitments;
      if (!source) return null;
      const facts = await once(commitments, organizationId, () => source(organizationId, now));
      if (!scope.restricted) return commitmentsSection(facts);
      // A commitment belongs to the account that owns it: a scope of tags alone owns none. One billed
      // elsewhere that ends soon reaches the scope whose usage, by account or by tag, it pays for, as its
      // part (decisions 139 and 142).
      const isOwned = (fact: CommitmentFacts[number]) => scope.accountIds.includes(fact.ownerAccountId);
      const owned = facts.filter(isOwned);
      // The same bill may reach the organization through two integrations: each commitment once, and
      // never as the team's part of one a copy shows it owns.
      const endingElsewhere = [
        ...new Map(
          facts
            .filter((fact) => !isOwned(fact) && endsWithinDigestDays(fact.daysLeft))
            .filter((fact) => !owned.some((mine) => mine.commitmentId === fact.commitmentId))
            .map((fact) => [fact.commitmentId, fact]),
        ).values(),
      ];
      const parts =
        deps.commitmentParts && endingElsewhere.length > 0
          ? await deps.commitmentParts(organizationId, endingElsewhere, scope)
          : [];
      return commitmentsSection([
        ...owned,
        ...parts.map((part) => ({ ...part, billedTo: part.ownerAccountId })),
      ]);
    }

    async function wasteOf(organizationId: string, scope: CostScope) {
      if (!deps.openFindings) return null;
      const items = await deps.openFindings(organizationId, scope);
      return wasteSection(
        items.map((item) => ({
          kind: item.kind,
          resourceId: item.resource_id,
          name: item.name,
          monthlyUsd: item.monthly_savings,
          why: item.why,
          team: item.owner?.name ?? null,
        })),
      );
    }

    return async function sectionsFor(
      organizationId: string,
      scope: CostScope,
      period: DigestPeriod,
    ): Promise<DigestSections> {
      const [liveSpend, commitmentsFound, waste] = await Promise.all([
        liveSpendOf(organizationId, scope, period),
        commitmentsOf(organizationId, scope),
        wasteOf(organizationId, scope),
      ]);
      return { liveSpend, commitments: commitmentsFound, waste };
    };
  };
}

export type DigestSectionsSource = ReturnType<typeof createDigestSectionsSource>;
