import { addDays, eachDay, isoDayInTimeZone } from '../../../domain/calendar-days.ts';
import type { CommitmentDay } from '../../../domain/commitment-alerts.ts';
import { commitmentTypeLabel } from '../../../domain/commitment-eligibility.ts';
import { isSameCommitment } from '../../../domain/commitment-sources.ts';
import { startIsDue } from '../../../domain/commitment-starts.ts';
import { daysUntilEnd, returnWindowClosesAt } from '../../../domain/commitment-terms.ts';
import type { CostDataService, StoredCommitment } from '../cost-data/cost-data.service.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import type { ListedCommitment } from './commitment-inventory-rows.ts';
import { spreadPeriodUnused } from './commitment-spread.ts';

/** What the commitments alerts judge of one commitment (docs/decisions/105), read at one instant. */
export interface CommitmentAlertFacts {
  integrationId: string;
  integrationName: string;
  commitmentId: string;
  kind: 'savings-plan' | 'reservation';
  type: string;
  ownerAccountId: string;
  hourlyCommitmentUsd: number | null;
  startsAt: string | null;
  endsAt: string | null;
  /** Whole days until its end (0 on its last day), null when the end is unknown. */
  daysLeft: number | null;
  /** The instant its return window closes while it is open, else null. */
  returnableUntil: string | null;
  /**
   * The last 30 days of its bill (to its latest day of data): what the covered usage costs On-Demand and
   * what the commitment cost; null without days, or when the bill does not say the On-Demand cost.
   */
  last30Days: { onDemandEquivalent: number; commitmentCost: number } | null;
  /** Its days in the bill over the window read, a reservation's monthly unused fee spread over them. */
  days: CommitmentDay[];
  /** Its start, when the AWS APIs once listed it queued (decision 122): announced once it starts. */
  queuedStart?: string | null;
  reservedCount?: number | null;
}

/** How far back the alerts read a commitment's days: room for a bill a month or two behind the clock. */
const WINDOW_DAYS = 120;
/** The latest days a commitment's "a month" figures read. */
export const LAST_DAYS = 30;

/**
 * A commitment's latest 30 days of figures: a bill holding fewer days of it (a plan bought this month)
 * counts from its first day, scaled to 30 days, so "a month" means the same on either.
 */
function lastDaysScaled(
  last: string,
  first: string,
  figures: { onDemandEquivalent: number; commitmentCost: number },
): { onDemandEquivalent: number; commitmentCost: number } {
  const spanned = eachDay(first, last).length;
  const scale = LAST_DAYS / Math.max(1, Math.min(LAST_DAYS, spanned));
  return {
    onDemandEquivalent: figures.onDemandEquivalent * scale,
    commitmentCost: figures.commitmentCost * scale,
  };
}

/**
 * The facts of the given commitments of one integration (its inventory, or part of it), read from
 * cost-data's commitments over the window before the clock's instant.
 */
export async function factsOfCommitments(
  commitments: CostDataService['commitments'],
  owner: { organizationId: string; integration: { id: string; name: string } },
  inventory: StoredCommitment[],
  now: Date,
): Promise<CommitmentAlertFacts[]> {
  if (inventory.length === 0) return [];
  const { integration } = owner;
  const to = isoDayInTimeZone(now, 'UTC');
  const from = addDays(to, -(WINDOW_DAYS - 1));
  const days = eachDay(from, to);
  const scope = { organizationId: owner.organizationId, integrationId: integration.id };
  const ids = inventory.map((commitment) => commitment.commitmentId);
  const [daily, periodUnused] = await Promise.all([
    commitments.amounts(scope, ids, { from, to, bucket: 'day' }),
    commitments.periodUnused(scope, ids, { from, to }),
  ]);
  const byCommitment = new Map<string, Map<string, CommitmentDay & { onDemand: number | null }>>();
  const entryOf = (id: string, day: string) => {
    const entries = byCommitment.get(id) ?? new Map();
    byCommitment.set(id, entries);
    const entry = entries.get(day) ?? { day, totalCommitment: 0, usedCommitment: 0, onDemand: 0 };
    entries.set(day, entry);
    return entry;
  };
  for (const row of daily) {
    const entry = entryOf(row.commitmentId, row.bucket);
    entry.totalCommitment += Number(row.totalCommitment);
    entry.usedCommitment += Number(row.usedCommitment);
    entry.onDemand =
      entry.onDemand === null || row.coveredOnDemandCost === null
        ? null
        : entry.onDemand + Number(row.coveredOnDemandCost);
  }
  for (const row of periodUnused) {
    // Each day's part of the month's unused fee, one day at a time so it lands on its own day.
    for (const day of days) {
      const part = spreadPeriodUnused([row], [day], (d) => d).byCommitment.get(row.commitmentId) ?? 0;
      if (part !== 0) entryOf(row.commitmentId, day).totalCommitment += part;
    }
  }
  return inventory.map((commitment) => {
    const series = [...(byCommitment.get(commitment.commitmentId)?.values() ?? [])].sort((a, b) =>
      a.day.localeCompare(b.day),
    );
    const last = series.at(-1)?.day;
    const recent = last ? series.filter((entry) => entry.day > addDays(last, -LAST_DAYS)) : [];
    const onDemand = recent.some((entry) => entry.onDemand === null)
      ? null
      : recent.reduce((sum, entry) => sum + (entry.onDemand ?? 0), 0);
    const hourly = commitment.hourlyCommitment === null ? null : Number(commitment.hourlyCommitment);
    const dates = { startsAt: commitment.startsAt, endsAt: commitment.endsAt };
    return {
      integrationId: integration.id,
      integrationName: integration.name,
      commitmentId: commitment.commitmentId,
      kind: commitment.kind,
      type: commitmentTypeLabel(commitment.kind, commitment.offering),
      ownerAccountId: commitment.ownerAccountId,
      hourlyCommitmentUsd: hourly,
      startsAt: commitment.startsAt,
      endsAt: commitment.endsAt,
      daysLeft: daysUntilEnd(commitment.endsAt, now),
      returnableUntil: returnWindowClosesAt(commitment.kind, dates, hourly, now),
      last30Days:
        !last || onDemand === null
          ? null
          : lastDaysScaled(last, recent[0]?.day ?? last, {
              onDemandEquivalent: onDemand,
              commitmentCost: recent.reduce((sum, entry) => sum + entry.totalCommitment, 0),
            }),
      days: series.map(({ day, totalCommitment, usedCommitment }) => ({
        day,
        totalCommitment,
        usedCommitment,
      })),
    };
  });
}

/**
 * The organization's commitments in every integration with the amounts the alerts judge, read from
 * cost-data's commitments at the clock's instant.
 */
export function createCommitmentAlertFacts(deps: {
  costData: Pick<CostDataService, 'commitments'>;
  integrations: Pick<IntegrationsService, 'awsTargetsOf'>;
  /** The commitments the AWS APIs once listed queued, per integration (decision 122). */
  queuedInventory?: (owner: { organizationId: string; integrationId: string }) => Promise<ListedCommitment[]>;
}) {
  const { commitments } = deps.costData;
  return async function alertFacts(organizationId: string, now: Date): Promise<CommitmentAlertFacts[]> {
    const facts: CommitmentAlertFacts[] = [];
    for (const integration of await deps.integrations.awsTargetsOf(organizationId)) {
      const inventory = await commitments.list({
        organizationId,
        integrationId: integration.id,
        accountIds: null,
      });
      const billed = await factsOfCommitments(commitments, { organizationId, integration }, inventory, now);
      const queued = (await deps.queuedInventory?.({ organizationId, integrationId: integration.id })) ?? [];
      facts.push(...withQueuedStarts(billed, queued, { integration, now }));
    }
    return facts;
  };
}

/**
 * The bill's facts, each marked with its start if the APIs once listed it queued; a queued purchase
 * the bill does not hold yet is added in the week it starts, with no days, so its start is announced.
 */
function withQueuedStarts(
  billed: CommitmentAlertFacts[],
  queued: ListedCommitment[],
  context: { integration: { id: string; name: string }; now: Date },
): CommitmentAlertFacts[] {
  const facts = [...billed];
  for (const listed of queued) {
    const fact = facts.find((entry) => isSameCommitment(entry.commitmentId, listed.commitmentId));
    if (fact) {
      fact.queuedStart = listed.startsAt;
      fact.reservedCount = listed.instanceCount;
      continue;
    }
    if (!startIsDue(listed.startsAt, context.now)) continue;
    facts.push({
      integrationId: context.integration.id,
      integrationName: context.integration.name,
      commitmentId: listed.commitmentId,
      kind: listed.kind,
      type: commitmentTypeLabel(listed.kind, listed.offering),
      ownerAccountId: listed.accountId,
      hourlyCommitmentUsd: listed.hourlyCommitmentUsd,
      startsAt: listed.startsAt,
      endsAt: listed.endsAt,
      daysLeft: daysUntilEnd(listed.endsAt, context.now),
      returnableUntil: null,
      last30Days: null,
      days: [],
      queuedStart: listed.startsAt,
      reservedCount: listed.instanceCount,
    });
  }
  return facts;
}

export type CommitmentAlertFactsReader = ReturnType<typeof createCommitmentAlertFacts>;
