import { createHash } from 'node:crypto';
import {
  type BillingData,
  type BillingDataQuery,
  billingData,
  type CostSeries,
} from '../../../contracts/billing-data.ts';
import { commitmentEndViews } from '../../../contracts/commitment-ends.ts';
import { lastFinalBillDay } from '../../../domain/bill-completeness.ts';
import {
  chooseBucketGranularity,
  comparablePreviousPeriod,
  isMonthHeld,
  previousPeriodCoverage,
} from '../../../domain/billing-view.ts';
import {
  addDays,
  addMonths,
  eachDay,
  eachMonth,
  earlierDay,
  type IsoDay,
  isoDayInTimeZone,
  isWithin,
  laterDay,
  monthStart,
} from '../../../domain/calendar-days.ts';
import { compareProviders, providerLabel } from '../../../domain/cloud-providers.ts';
import { commitmentEndsInMonth, forecastWithCommitmentEnds } from '../../../domain/commitment-forecast.ts';
import type { CostScope } from '../../../domain/cost-scope.ts';
import { FORECAST_HISTORY_DAYS, firstPredictedDay, forecastMonthEnd } from '../../../domain/forecast.ts';
import { earliestVisibleDay } from '../../../domain/plans.ts';
import type { Viewer } from '../../auth/viewer.ts';
import { elapsedMs } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { CommitmentsService } from '../commitments/commitments.service.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import {
  type Bucket,
  type CostBasis,
  type CostGrouping,
  type CostSlice,
  NO_FILTER,
  UNTAGGED,
} from '../cost-data/cost-slices.service.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { BillingDataCache } from './billing-data-cache.ts';

/** One scope's month, for cards outside the dashboard (the team page). */
export interface ScopeMonth {
  integration: { id: string; name: string };
  fresh_through: string | null;
  month_end_forecast: NonNullable<BillingData['month_end_forecast']>;
  last_month_total: number;
  /** False when the data holds no bill for last month: its total is not a $0 month. */
  last_month_held: boolean;
}

/** An answer serialized and UTF-8 encoded once, with the ETag a browser revalidates it with. */
export interface BillingDataJson {
  body: Buffer;
  etag: string;
}

export interface BillingDataDependencies {
  context: AppContext;
  billing: Pick<BillingService, 'assertSubscriptionActive' | 'entitlements'>;
  organizations: Pick<OrganizationsService, 'costScopeFor'>;
  integrations: Pick<IntegrationsService, 'resolve'>;
  users: Pick<UsersService, 'timeZoneOf'>;
  costData: Pick<CostDataService, 'slices'>;
  commitments: Pick<CommitmentsService, 'endingInMonth'>;
}

const usd = (decimal: string) => Number(decimal);

const DECIMAL_SCALE = 18;
/** Adds decimal texts from the database without binary rounding (month-to-date equals the facts). */
function exactSum(decimals: string[]): string {
  let sum = 0n;
  for (const text of decimals) {
    const negative = text.startsWith('-');
    const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
    const units = BigInt(whole + fraction.padEnd(DECIMAL_SCALE, '0').slice(0, DECIMAL_SCALE));
    sum += negative ? -units : units;
  }
  const negative = sum < 0n;
  const digits = (negative ? -sum : sum).toString().padStart(DECIMAL_SCALE + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -DECIMAL_SCALE)}.${digits.slice(-DECIMAL_SCALE)}`;
}

const bySpend = (rows: Array<{ key: string; cost: string }>): CostSeries[] =>
  rows
    .map((row) => ({ key: row.key, total: usd(row.cost) }))
    .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));

/** Every bucket of the range, so a day or month without spend shows as zero rather than a gap. */
function bucketPeriods(start: IsoDay, end: IsoDay, granularity: 'day' | 'month'): IsoDay[] {
  if (start > end) return [];
  return granularity === 'day' ? eachDay(start, end) : eachMonth(start, end);
}

/**
 * A kept answer, keyed on the view (everything it depends on but the integration's sync state), with the
 * sync state it was computed at and what it takes to compute it again after an ingest (decision 066).
 */
interface KeptAnswer {
  answer: BillingDataJson;
  syncState: string;
  viewer: Viewer;
  query: BillingDataQuery;
  askedAt: number;
}

/** The answer as its contract states it, encoded once, with the ETag a browser revalidates it with. */
function encoded(data: BillingData): BillingDataJson {
  const body = Buffer.from(JSON.stringify(billingData.parse(data)));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/** After an ingest, the views asked for in the last 15 minutes are computed again, 16 at most. */
const REFRESH_ASKED_WITHIN_MS = 15 * 60_000;
const REFRESH_AT_MOST = 16;

/**
 * What one dashboard answer reads: one integration's slice in the viewer's scope, maybe narrowed to some
 * providers, split by service, provider or a tag.
 */
interface View {
  slice: CostSlice;
  key: CostGrouping['key'];
}

function viewOf(
  organizationId: string,
  integrationId: string,
  scope: CostScope,
  cut: {
    start: IsoDay;
    end: IsoDay;
    basis: CostBasis;
    key: CostGrouping['key'];
    providers?: readonly string[];
  },
): View {
  const { key, providers = [], ...range } = cut;
  const filter = providers.length > 0 ? { ...NO_FILTER, providers } : NO_FILTER;
  return { slice: { organizationId, integrations: [integrationId], scope, filter, ...range }, key };
}

/** The series a query asks for: a tag's values, providers, or services (the spec's default). */
function seriesKeyOf(query: BillingDataQuery, tagKey: string | null): CostGrouping['key'] {
  if (tagKey) return { tagKey, values: query.selected_tag_values };
  return query.group_by === 'provider' ? 'provider' : 'service';
}

/** The billing query: the dashboard's chart, cards, table and pickers in one answer. */
export function createBillingDataService(deps: BillingDataDependencies) {
  const { slices } = deps.costData;
  const now = () => deps.context.clock.now();
  const cacheEntries = deps.context.config.billingDataCacheEntries;
  const cache = new BillingDataCache<KeptAnswer>(cacheEntries);
  /** Integrations whose kept answers this node is computing again after an ingest. */
  const refreshing = new Map<string, number>();
  /**
   * Bumped by each refresh: an answer whose computation began before it may have read facts the ingest
   * then replaced, so it is answered but not kept.
   */
  const generations = new Map<string, number>();

  async function summarize(view: View, start: IsoDay, end: IsoDay, bucket: Bucket) {
    return slices.summarize({ ...view.slice, start, end }, { bucket, key: view.key });
  }

  /**
   * The view's commitments ending this month (decision 114), in the part of the scope's usage the view
   * holds (decisions 134, 142 and 143): a choice of tag values holds the usage carrying one of them, and
   * the lines without the key when it names them. Only AWS
   * bills name commitments: a choice of providers without AWS holds none.
   */
  async function commitmentEndsOf(view: View, integration: { id: string; name: string }, today: IsoDay) {
    const { filter, organizationId, scope } = view.slice;
    if (filter.providers.length > 0 && !filter.providers.includes('AWS')) return [];
    const { key } = view;
    const chosen =
      typeof key === 'object' && key.values !== 'All'
        ? {
            key: key.tagKey,
            values: key.values.filter((value) => value !== UNTAGGED),
            untagged: key.values.includes(UNTAGGED),
          }
        : undefined;
    return deps.commitments.endingInMonth({ organizationId, integration }, scope, today, now(), chosen);
  }

  async function monthEndForecastOf(
    view: View,
    today: IsoDay,
    integration: { id: string; name: string; fresh_through: string | null },
  ) {
    const historyStart = laterDay(
      earlierDay(monthStart(today), addDays(today, -FORECAST_HISTORY_DAYS)),
      view.slice.start,
    );
    // The view's total per day: a split by service or by every tag value adds up to the whole slice, so
    // only a choice of tag values needs its key; no subtotals are needed (cost-slices' daily).
    const key = typeof view.key === 'object' && view.key.values !== 'All' ? view.key : 'none';
    const [rows, ending] = await Promise.all([
      slices.daily({ ...view.slice, start: historyStart, end: today }, key),
      commitmentEndsOf(view, integration, today),
    ]);
    const costsByDay = new Map<string, string[]>();
    for (const row of rows) costsByDay.set(row.day, [...(costsByDay.get(row.day) ?? []), row.cost]);
    const daily = [...costsByDay]
      .map(([day, costs]) => ({ day, cost: exactSum(costs) }))
      .sort((a, b) => a.day.localeCompare(b.day));
    // The newest day of a current export is still being billed (src/domain/bill-completeness.ts).
    const completeThrough = lastFinalBillDay(integration.fresh_through ?? today, today);
    const ends = commitmentEndsInMonth({
      commitments: ending,
      today,
      firstPredicted: firstPredictedDay({ today, completeThrough, periodStart: monthStart(today) }),
    });
    const result = forecastWithCommitmentEnds(
      forecastMonthEnd({
        history: daily.map((row) => ({ date: row.day, amount: usd(row.cost) })),
        today,
        completeThrough,
      }),
      ends,
    );
    const monthToDate = daily.filter((row) => isWithin(row.day, monthStart(today), today));
    return {
      month: monthStart(today),
      today,
      month_to_date: usd(exactSum(monthToDate.map((row) => row.cost))),
      forecast: result.forecast,
      lower: result.lower,
      upper: result.upper,
      method: result.method,
      commitment_ends: commitmentEndViews(ends),
    };
  }

  async function compute(
    query: BillingDataQuery,
    integration: { id: string; name: string; fresh_through: string | null },
    context: {
      organizationId: string;
      scope: CostScope;
      today: IsoDay;
      timeZone: string;
      visibleFrom: IsoDay;
    },
  ): Promise<BillingData> {
    const { today, visibleFrom, scope } = context;
    const tagKey = query.tag_key === 'all' ? null : query.tag_key;
    const base = viewOf(context.organizationId, integration.id, scope, {
      start: visibleFrom,
      end: query.end_date,
      basis: query.is_amortized ? 'amortized' : 'unblended',
      key: seriesKeyOf(query, tagKey),
      providers: query.provider,
    });
    const visible = (day: IsoDay) => laterDay(day, visibleFrom);
    const granularity = chooseBucketGranularity(query.start_date, query.end_date);
    const start = visible(query.start_date);
    const previous = comparablePreviousPeriod(query.start_date, query.end_date, today);
    const lastMonth = {
      start_date: addMonths(monthStart(today), -1),
      end_date: addDays(monthStart(today), -1),
    };
    // One query per part of the screen, independent of each other: side by side on PostgreSQL's pool.
    const [
      main,
      before,
      lastMonthSummary,
      forecast,
      tagKeys,
      tagValues,
      providers,
      firstPeriod,
      heldPeriods,
    ] = await Promise.all([
      summarize(base, start, query.end_date, granularity),
      summarize(base, visible(previous.startDate), previous.endDate, 'none'),
      summarize(base, visible(lastMonth.start_date), lastMonth.end_date, 'none'),
      isWithin(today, query.start_date, query.end_date) ? monthEndForecastOf(base, today, integration) : null,
      slices.tagKeys(base.slice),
      tagKey ? slices.tagValues(base.slice, tagKey) : [],
      slices.providers(base.slice),
      // What the data covers, whatever this person's scope: where it starts on the chosen providers, and
      // the months whose bill was read on any (decisions 073 and 074).
      slices.firstBillingPeriod(base.slice),
      slices.billingPeriodsHeld(base.slice),
    ]);
    const coverage = previousPeriodCoverage(previous, visibleFrom, { firstPeriod, heldPeriods });
    const lastMonthTotal = lastMonthSummary.total;

    const cells = new Map<string, Record<string, number>>();
    for (const cell of main.cells) {
      const amounts = cells.get(cell.bucket) ?? {};
      amounts[cell.key] = usd(cell.cost);
      cells.set(cell.bucket, amounts);
    }
    const bucketTotals = new Map(main.bucketTotals.map((row) => [row.bucket, usd(row.cost)]));
    return {
      integration: { id: integration.id, name: integration.name },
      currency: 'USD',
      start_date: query.start_date,
      end_date: query.end_date,
      granularity,
      group_by: tagKey ? 'tag' : base.key === 'provider' ? 'provider' : 'service',
      tag_key: tagKey,
      is_amortized: query.is_amortized,
      total: usd(main.total),
      series: bySpend(main.keyTotals),
      buckets: bucketPeriods(start, query.end_date, granularity).map((period) => ({
        period,
        total: bucketTotals.get(period) ?? 0,
        amounts: cells.get(period) ?? {},
      })),
      previous_period: {
        start_date: previous.startDate,
        end_date: previous.endDate,
        total: usd(before.total),
        series: bySpend(before.keyTotals),
        through_today: previous.throughToday,
        // Kept for API clients that read it; not_compared says what stops the comparison.
        before_visible_history: previous.startDate < visibleFrom,
        not_compared: coverage.notCompared,
        missing_months: coverage.missingMonths,
      },
      month_end_forecast: forecast,
      last_month: {
        ...lastMonth,
        total: usd(lastMonthTotal),
        held: isMonthHeld(lastMonth.start_date, heldPeriods),
      },
      today,
      time_zone: context.timeZone,
      fresh_through: integration.fresh_through,
      visible_from: visibleFrom,
      data_from: coverage.dataFrom,
      scoped: scope.restricted,
      tag_keys: tagKeys,
      tag_values: tagKey ? [...tagValues, UNTAGGED] : [],
      providers: providers.sort(compareProviders).map((name) => ({ name, label: providerLabel(name) })),
      provider_filter: query.provider ?? [],
    };
  }

  /** Permissions first: own user id, live subscription, own integration; then what the answer depends on. */
  async function prepare(viewer: Viewer, query: BillingDataQuery) {
    if (query.user_id !== viewer.userId) throw notFound('User');
    // Independent reads: on PostgreSQL they run side by side on the pool.
    const [, integration, timeZone, entitlements, scope] = await Promise.all([
      deps.billing.assertSubscriptionActive(viewer),
      deps.integrations.resolve(viewer, query.integration),
      deps.users.timeZoneOf(viewer.userId),
      deps.billing.entitlements(viewer.organizationId),
      deps.organizations.costScopeFor(viewer),
    ]);
    if (!integration) {
      if (query.integration === 'default')
        throw new ApiError(
          404,
          'NoIntegration',
          'No AWS integration is connected yet: connect one to see spend.',
        );
      throw notFound('Integration');
    }
    const today = isoDayInTimeZone(now(), timeZone);
    const visibleFrom = earliestVisibleDay(entitlements.planInForce, today);
    const { user_id: _user, ...view } = query;
    // Everything the answer depends on. The integration's state changes when any node ingested: a run that
    // succeeds moves its last sync, one that fails (having replaced some months) records its error, and a
    // rename changes the name the answer carries.
    const viewKey = JSON.stringify([view, scope, today, timeZone, visibleFrom]);
    const syncState = JSON.stringify([
      integration.last_synced_at,
      integration.fresh_through,
      integration.last_error?.message ?? null,
      integration.name,
    ]);
    const context = { organizationId: viewer.organizationId, scope, today, timeZone, visibleFrom };
    return { integration, viewKey, syncState, context };
  }

  async function answerOf(viewer: Viewer, query: BillingDataQuery) {
    const { integration, viewKey, syncState, context } = await prepare(viewer, query);
    const answer = encoded(await compute(query, integration, context));
    return { integrationId: integration.id, viewKey, syncState, answer };
  }

  /**
   * Right after an ingest on this node, before its run is shown ended: the views people asked for lately
   * are computed again on the new facts, most recent first, and the others dropped. Meanwhile a view
   * being computed again answers as it was, as it did while the run was still swapping its months.
   */
  async function refreshAhead(integrationId: string): Promise<void> {
    const since = elapsedMs() - REFRESH_ASKED_WITHIN_MS;
    const kept = cache
      .entries(integrationId)
      .filter(([, entry]) => entry.askedAt >= since)
      .sort(([, a], [, b]) => b.askedAt - a.askedAt)
      .slice(0, REFRESH_AT_MOST);
    generations.set(integrationId, (generations.get(integrationId) ?? 0) + 1);
    const keep = new Set(kept.map(([viewKey]) => viewKey));
    for (const [viewKey] of cache.entries(integrationId))
      if (!keep.has(viewKey)) cache.delete(integrationId, viewKey);
    refreshing.set(integrationId, (refreshing.get(integrationId) ?? 0) + 1);
    try {
      for (const [viewKey, entry] of kept) {
        try {
          const fresh = await answerOf(entry.viewer, entry.query);
          cache.delete(integrationId, viewKey);
          cache.set(fresh.integrationId, fresh.viewKey, { ...entry, ...fresh });
        } catch {
          // The viewer lost the view (a plan, a membership): the next request answers for itself.
          cache.delete(integrationId, viewKey);
        }
      }
    } finally {
      const left = (refreshing.get(integrationId) ?? 1) - 1;
      if (left > 0) refreshing.set(integrationId, left);
      else refreshing.delete(integrationId);
    }
  }

  return {
    refreshAhead,
    /**
     * This month of one slice of the organization (a team's scope) on its default integration: month to
     * date, month-end forecast and last month, unblended. Null when no integration is connected.
     */
    async monthOfScope(viewer: Viewer, scope: CostScope): Promise<ScopeMonth | null> {
      const [, integration, timeZone, entitlements] = await Promise.all([
        deps.billing.assertSubscriptionActive(viewer),
        deps.integrations.resolve(viewer, 'default'),
        deps.users.timeZoneOf(viewer.userId),
        deps.billing.entitlements(viewer.organizationId),
      ]);
      if (!integration) return null;
      const today = isoDayInTimeZone(now(), timeZone);
      const visibleFrom = earliestVisibleDay(entitlements.planInForce, today);
      const view = viewOf(viewer.organizationId, integration.id, scope, {
        start: visibleFrom,
        end: today,
        basis: 'unblended',
        key: 'service',
      });
      const lastMonthStart = addMonths(monthStart(today), -1);
      const [forecast, lastMonth, heldPeriods] = await Promise.all([
        monthEndForecastOf(view, today, integration),
        summarize(view, laterDay(lastMonthStart, visibleFrom), addDays(monthStart(today), -1), 'none'),
        slices.billingPeriodsHeld(view.slice),
      ]);
      return {
        integration: { id: integration.id, name: integration.name },
        fresh_through: integration.fresh_through,
        month_end_forecast: forecast,
        last_month_total: usd(lastMonth.total),
        last_month_held: isMonthHeld(lastMonthStart, heldPeriods),
      };
    },

    /**
     * GET billing-data, as JSON text kept per integration: a repeated view costs its permission checks
     * and no cost query and no serialization (docs/decisions/017).
     */
    async queryJson(viewer: Viewer, query: BillingDataQuery): Promise<BillingDataJson> {
      const { integration, viewKey, syncState, context } = await prepare(viewer, query);
      const kept = cache.get(integration.id, viewKey);
      if (kept && (kept.syncState === syncState || refreshing.has(integration.id))) {
        kept.askedAt = elapsedMs();
        return kept.answer;
      }
      const generation = generations.get(integration.id);
      const answer = encoded(await compute(query, integration, context));
      if (cacheEntries > 0 && generations.get(integration.id) === generation)
        cache.set(integration.id, viewKey, { answer, syncState, viewer, query, askedAt: elapsedMs() });
      return answer;
    },
  };
}

export type BillingDataService = ReturnType<typeof createBillingDataService>;
