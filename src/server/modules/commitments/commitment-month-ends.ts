import { addDays, type IsoDay, monthEnd } from '../../../domain/calendar-days.ts';
import { type CoveredUsage, endingCommitmentInScope } from '../../../domain/commitment-end-in-scope.ts';
import { type EndingCommitment, endsWithinWeighedDays } from '../../../domain/commitment-forecast.ts';
import {
  type CommitmentUsage,
  commitmentUsageOf,
  holdsUsage,
  type TagChoice,
} from '../../../domain/commitment-usage.ts';
import type { CostScope } from '../../../domain/cost-scope.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import { type CommitmentAlertFacts, factsOfCommitments, LAST_DAYS } from './commitment-alert-facts.ts';

type Commitments = Pick<CostDataService, 'commitments'>['commitments'];
type Owner = { organizationId: string; integration: { id: string; name: string } };
type Dated = CommitmentAlertFacts & { endsAt: string };

const endOf = (fact: Dated): EndingCommitment => ({
  id: fact.commitmentId,
  type: fact.type,
  endsAt: fact.endsAt,
  last30Days: fact.last30Days,
});

/**
 * The commitments of one integration that end within the calendar month holding `today`, with their
 * latest 30 days in the bill (decision 114); in a team's scope, the part of each that its covered usage
 * carries, in its accounts or under its tag pairs (decisions 134 and 142). A month with no end reads
 * only the inventory.
 */
export function createMonthEndCommitments(deps: { costData: Pick<CostDataService, 'commitments'> }) {
  const endingIn = createPeriodEndCommitments(deps);
  return (
    owner: Owner,
    scope: CostScope,
    today: IsoDay,
    now: Date,
    /** A view's choice of one tag's values, when it narrows the scope's usage. */
    tagChoice?: TagChoice,
  ) => endingIn(owner, commitmentUsageOf(scope, { tagChoice }), { today, periodEnd: monthEnd(today) }, now);
}

/**
 * The month's reading over a budget's period (decision 137): the commitments that end from the month
 * holding `today` to `periodEnd`, each in the part the usage carries (all of it for null).
 */
export function createPeriodEndCommitments(deps: { costData: Pick<CostDataService, 'commitments'> }) {
  const { commitments } = deps.costData;
  return async function endingIn(
    owner: Owner,
    usage: CommitmentUsage | null,
    days: { today: IsoDay; periodEnd: IsoDay },
    now: Date,
  ): Promise<EndingCommitment[]> {
    if (usage && !holdsUsage(usage)) return [];
    const inventory = await commitments.list({
      organizationId: owner.organizationId,
      integrationId: owner.integration.id,
      accountIds: null,
    });
    const ending = inventory.filter(
      (commitment) =>
        commitment.endsAt !== null && endsWithinWeighedDays(commitment.endsAt, days.today, days.periodEnd),
    );
    const facts = await factsOfCommitments(commitments, owner, ending, now);
    const dated = facts.filter((fact): fact is Dated => fact.endsAt !== null);
    if (usage === null) return dated.map(endOf);
    const parts = await Promise.all(
      dated.map(async (fact) =>
        endingCommitmentInScope(endOf(fact), await coveredUsageOf(commitments, owner, fact, usage)),
      ),
    );
    return parts.filter((part) => part !== null);
  };
}

/**
 * Commitments billed outside a scope, as the part of each that the scope's covered usage, in its
 * accounts or carrying its tag pairs, carries over its latest 30 days (decisions 134, 139 and 142): its
 * facts with those days scaled by the share, and no days or return window of its own (its utilization
 * and return are the owner's). One that paid for none of their usage is left out.
 */
export function createCommitmentPartsInScope(deps: { costData: Pick<CostDataService, 'commitments'> }) {
  const { commitments } = deps.costData;
  return async function partsInScope(
    organizationId: string,
    facts: readonly CommitmentAlertFacts[],
    scope: CostScope,
  ): Promise<CommitmentAlertFacts[]> {
    const usage = commitmentUsageOf(scope);
    if (!usage || !holdsUsage(usage)) return [];
    const parts = await Promise.all(
      facts.map(async (fact) => {
        const owner = {
          organizationId,
          integration: { id: fact.integrationId, name: fact.integrationName },
        };
        const covered = await coveredUsageOf(commitments, owner, fact, usage);
        const part = endingCommitmentInScope(
          { id: fact.commitmentId, type: fact.type, endsAt: fact.endsAt ?? '', last30Days: fact.last30Days },
          covered,
        );
        if (!part) return null;
        return { ...fact, last30Days: part.last30Days, days: [], returnableUntil: null };
      }),
    );
    return parts.filter((part) => part !== null);
  };
}

/** A commitment's covered usage over its latest 30 days in the bill: in the scope's usage, and in all of it. */
async function coveredUsageOf(
  commitments: Commitments,
  owner: Owner,
  fact: CommitmentAlertFacts,
  usage: CommitmentUsage,
): Promise<{ inScope: CoveredUsage; whole: CoveredUsage }> {
  const last = fact.days.at(-1)?.day;
  const none = { onDemand: 0, hours: 0 };
  if (!last) return { inScope: none, whole: none };
  const scope = { organizationId: owner.organizationId, integrationId: owner.integration.id };
  const window = { from: addDays(last, 1 - LAST_DAYS), to: last, bucket: 'all' } as const;
  const usageOf = (rows: Awaited<ReturnType<Commitments['amounts']>>): CoveredUsage => {
    const row = rows[0];
    if (!row) return none;
    const onDemand = row.coveredOnDemandCost === null ? null : Number(row.coveredOnDemandCost);
    return { onDemand, hours: Number(row.coveredHours) };
  };
  const ids = [fact.commitmentId];
  const [inScope, whole, gaps] = await Promise.all([
    commitments.amounts({ ...scope, ...usage }, ids, window),
    commitments.amounts(scope, ids, window),
    usage.choice?.untagged ? commitments.tagGaps(scope, window) : [],
  ]);
  // Without its tag-set days a month's tagged lines would all read as lines without the key (decision 143).
  if (gaps.length > 0) return { inScope: none, whole: usageOf(whole) };
  return { inScope: usageOf(inScope), whole: usageOf(whole) };
}
