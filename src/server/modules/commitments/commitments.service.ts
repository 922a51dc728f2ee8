import {
  type CommitmentRow,
  type CommitmentsQuery,
  type CommitmentsView,
  MAX_COMMITMENT_RANGE_DAYS,
} from '../../../contracts/commitments.ts';
import { addDays, eachDay, inclusiveDayCount, isoDayInTimeZone } from '../../../domain/calendar-days.ts';
import { commitmentTypeLabel } from '../../../domain/commitment-eligibility.ts';
import { isSameCommitment, matchCommitmentSources } from '../../../domain/commitment-sources.ts';
import { commitmentState, daysUntilEnd, returnWindowClosesAt } from '../../../domain/commitment-terms.ts';
import { commitmentUsageOf } from '../../../domain/commitment-usage.ts';
import { coverageOf, utilizationOf } from '../../../domain/commitment-utilization.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import type { CostDataService, StoredCommitment } from '../cost-data/cost-data.service.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { createCommitmentAlertFacts } from './commitment-alert-facts.ts';
import { createBudgetCommitmentEnds } from './commitment-budget-ends.ts';
import { listCommitmentInventory, replaceCommitmentInventory } from './commitment-inventory.repository.ts';
import {
  type ListedCommitment,
  listedCommitment,
  listedOnlyRow,
  withListing,
} from './commitment-inventory-rows.ts';
import { createCommitmentPartsInScope, createMonthEndCommitments } from './commitment-month-ends.ts';
import { spreadPeriodUnused } from './commitment-spread.ts';
import { commitmentsBilledElsewhere } from './commitments-billed-elsewhere.ts';

export interface CommitmentsDependencies {
  context: Pick<AppContext, 'clock' | 'database'>;
  costData: Pick<CostDataService, 'commitments'>;
  integrations: Pick<IntegrationsService, 'resolve' | 'awsTargetsOf'>;
  organizations: Pick<OrganizationsService, 'costScopeFor'>;
}

const DEFAULT_DAYS = 30;
const UNKNOWN_ON_DEMAND =
  'The bill does not say what the covered usage costs On-Demand (pricing_public_on_demand_cost is empty), so the saving is unknown.';

const num = (value: string | null) => (value === null ? null : Number(value));

/**
 * The Commitments page (decision 098): each Savings Plan and reservation the bills named, its
 * utilization and saving over a window, the coverage of eligible usage, and utilization over time. Reads
 * the cost-data module's commitments; another organization's integration or commitment is a 404.
 */
export function createCommitmentsService(deps: CommitmentsDependencies) {
  const { costData, context } = deps;

  async function view(viewer: Viewer, query: CommitmentsQuery): Promise<CommitmentsView> {
    const [integration, scope] = await Promise.all([
      deps.integrations.resolve(viewer, query.integration),
      deps.organizations.costScopeFor(viewer),
    ]);
    if (!integration) {
      if (query.integration === 'default')
        throw new ApiError(
          404,
          'NoIntegration',
          'No integration is connected yet: connect one to see commitments.',
        );
      throw notFound('Integration');
    }
    const now = context.clock.now();
    const to = query.to ?? isoDayInTimeZone(now, 'UTC');
    const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
    // A from without a to runs to today: the contract's bounds hold for that range too.
    if (to < from)
      throw new ApiError(400, 'BadRequest', 'from: must not be after today when to is not given');
    if (inclusiveDayCount(from, to) > MAX_COMMITMENT_RANGE_DAYS)
      throw new ApiError(
        400,
        'BadRequest',
        `from: the range to today may cover at most ${MAX_COMMITMENT_RANGE_DAYS} days`,
      );
    const owner = { organizationId: viewer.organizationId, integrationId: integration.id };
    const usage = commitmentUsageOf(scope, { accountId: query.account_id });
    const accountIds = usage?.accountIds ?? null;
    let inventory = await costData.commitments.list({ ...owner, accountIds });
    const ownedIds = new Set(inventory.map((commitment) => commitment.commitmentId));
    let listed = await listCommitmentInventory(context.database.db, { ...owner, accountIds });
    if (query.kind) {
      inventory = inventory.filter((commitment) => commitment.kind === query.kind);
      listed = listed.filter((commitment) => commitment.kind === query.kind);
    }
    if (query.commitment_id) {
      const wanted = query.commitment_id;
      inventory = inventory.filter((commitment) => commitment.commitmentId === wanted);
      listed = listed.filter(
        (commitment) =>
          commitment.commitment_id === wanted ||
          inventory.some((row) => isSameCommitment(row.commitmentId, commitment.commitment_id)),
      );
      if (inventory.length === 0 && listed.length === 0) throw notFound('Commitment');
    }
    const matched = matchCommitmentSources(inventory, listed.map(listedCommitment));
    const ids = inventory.map((commitment) => commitment.commitmentId);
    const bucketOf = (day: string) => (query.granularity === 'month' ? day.slice(0, 7) : day);
    const [amounts, periodUnused, coverage, billedElsewhere, tagGaps] = await Promise.all([
      costData.commitments.windowAmounts(owner, ids, { from, to, bucket: query.granularity }),
      costData.commitments.periodUnused(owner, ids, { from, to }),
      costData.commitments.coverage({ ...owner, ...usage, accountIds }, { from, to, bucket: 'all' }),
      usage === null || query.commitment_id
        ? []
        : commitmentsBilledElsewhere(
            costData,
            { ...owner, ...usage, ownedIds },
            { from, to, kind: query.kind },
            now,
          ),
      usage?.tagged ? costData.commitments.tagGaps(owner, { from, to }) : [],
    ]);
    const days = eachDay(from, to);
    const spread = spreadPeriodUnused(periodUnused, days, bucketOf);
    const totalsById = new Map(amounts.byCommitment.map((row) => [row.commitmentId, row]));

    const rowOf = (commitment: StoredCommitment): CommitmentRow => {
      const amounts = totalsById.get(commitment.commitmentId);
      const unusedOnce = spread.byCommitment.get(commitment.commitmentId) ?? 0;
      const utilization = utilizationOf({
        totalCommitment: Number(amounts?.totalCommitment ?? 0) + unusedOnce,
        usedCommitment: Number(amounts?.usedCommitment ?? 0),
        onDemandEquivalent: amounts ? num(amounts.coveredOnDemandCost) : 0,
      });
      const hourly = num(commitment.hourlyCommitment);
      const dates = { startsAt: commitment.startsAt, endsAt: commitment.endsAt };
      return {
        id: commitment.commitmentId,
        kind: commitment.kind,
        type: commitmentTypeLabel(commitment.kind, commitment.offering),
        owner_account_id: commitment.ownerAccountId,
        region: commitment.region,
        instance_family: commitment.instanceFamily,
        term: commitment.term,
        payment_option: commitment.paymentOption,
        hourly_commitment_usd: hourly,
        reserved_count: num(commitment.reservedCount),
        starts_at: commitment.startsAt,
        ends_at: commitment.endsAt,
        days_until_end: daysUntilEnd(commitment.endsAt, now),
        state: commitmentState(dates, now),
        returnable_until: returnWindowClosesAt(commitment.kind, dates, hourly, now),
        source: 'bill',
        aws_state: null,
        rates: null,
        total_commitment_usd: utilization.totalCommitment,
        used_commitment_usd: utilization.usedCommitment,
        unused_commitment_usd: utilization.unusedCommitment,
        utilization_percent: utilization.utilizationPercent,
        on_demand_equivalent_usd: utilization.onDemandEquivalent,
        net_savings_usd: utilization.netSavings,
        savings_unknown_reason: utilization.netSavings === null ? UNKNOWN_ON_DEMAND : null,
      };
    };
    const rows = matched.map((entry) => {
      if (entry.bill && !entry.api) return rowOf(entry.bill);
      if (entry.api && !entry.bill) return listedOnlyRow(entry.api, now);
      // Both: the APIs know the lifecycle, the bill the money (decision 106).
      return withListing(rowOf(entry.bill as StoredCommitment), entry.api as ListedCommitment, now);
    });

    const bucketTotals = new Map<string, { total: number; used: number }>();
    for (const row of amounts.byBucket)
      bucketTotals.set(row.bucket, { total: Number(row.totalCommitment), used: Number(row.usedCommitment) });
    for (const [bucket, unused] of spread.byBucket) {
      const entry = bucketTotals.get(bucket) ?? { total: 0, used: 0 };
      entry.total += unused;
      bucketTotals.set(bucket, entry);
    }
    const buckets = [...new Set(days.map(bucketOf))];
    return {
      integration: { id: integration.id, name: integration.name },
      from,
      to,
      granularity: query.granularity,
      scoped: usage !== null,
      scope_tags: scope.restricted ? scope.tags.map((tag) => `${tag.key}=${tag.value}`) : [],
      commitments: rows,
      billed_elsewhere: billedElsewhere,
      tag_gaps: tagGaps.map((gap) => ({
        month: gap.billingPeriod.slice(0, 7),
        reason: gap.reason,
        tag_days: gap.tagDays,
      })),
      coverage: coverage
        .filter((row) => !query.kind || row.kind === query.kind)
        .map((row) => {
          const figures = coverageOf({
            coveredOnDemandCost: num(row.coveredOnDemandCost),
            uncoveredOnDemandCost: Number(row.uncoveredOnDemandCost),
            coveredHours: Number(row.coveredHours),
            uncoveredHours: Number(row.uncoveredHours),
          });
          return {
            kind: row.kind,
            covered_on_demand_usd: figures.coveredOnDemandCost,
            eligible_on_demand_usd: figures.eligibleOnDemandCost,
            cost_coverage_percent: figures.costCoveragePercent,
            covered_hours: figures.coveredHours,
            eligible_hours: figures.eligibleHours,
            hours_coverage_percent: figures.hoursCoveragePercent,
          };
        }),
      utilization: buckets.map((bucket) => {
        const entry = bucketTotals.get(bucket) ?? { total: 0, used: 0 };
        const figures = utilizationOf({
          totalCommitment: entry.total,
          usedCommitment: entry.used,
          onDemandEquivalent: null,
        });
        return {
          bucket,
          total_commitment_usd: figures.totalCommitment,
          used_commitment_usd: figures.usedCommitment,
          unused_commitment_usd: figures.unusedCommitment,
          utilization_percent: figures.utilizationPercent,
        };
      }),
    };
  }

  return {
    view,
    /** The sync hands each account's commitments from the AWS APIs here (decision 122). */
    storeInventory: (
      owner: Parameters<typeof replaceCommitmentInventory>[1],
      answered: Parameters<typeof replaceCommitmentInventory>[2],
      commitments: Parameters<typeof replaceCommitmentInventory>[3],
    ) => replaceCommitmentInventory(context.database.db, owner, answered, commitments),
    /** Every commitment of an organization with what its alerts judge, at an instant (decision 105). */
    alertFacts: createCommitmentAlertFacts({
      ...deps,
      queuedInventory: async (owner) =>
        (
          await listCommitmentInventory(
            context.database.db,
            { ...owner, accountIds: null },
            { seenQueued: true },
          )
        ).map(listedCommitment),
    }),
    /** The commitments of a scope that end within the month of a day, for the month-end forecast (decision 114). */
    endingInMonth: createMonthEndCommitments(deps),
    /** The commitments ending within a budget's period, in its accounts, for its forecast (decision 137). */
    endingInBudgetPeriod: createBudgetCommitmentEnds(deps),
    /** Commitments billed outside some accounts, as the part their covered usage carries (decision 139). */
    partsInScope: createCommitmentPartsInScope(deps),
  };
}

export type CommitmentsService = ReturnType<typeof createCommitmentsService>;
