import type { BillingData, BillingDataQuery, CostSeries } from '../../../contracts/billing-data.ts';
import { chooseBucketGranularity, comparablePreviousPeriod } from '../../../domain/billing-view.ts';
import {
  addDays,
  addMonths,
  eachDay,
  earlierDay,
  type IsoDay,
  isoDayInTimeZone,
  isWithin,
  laterDay,
  monthStart,
} from '../../../domain/calendar-days.ts';
import type { CostScope } from '../../../domain/cost-scope.ts';
import { forecastMonthEnd } from '../../../domain/forecast.ts';
import { earliestVisibleDay } from '../../../domain/plans.ts';
import { MAX_TRAINING_DAYS } from '../../../domain/seasonal-trend-model.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import type { Viewer } from '../accounts/viewer.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  type Bucket,
  type CostSlice,
  listTagKeys,
  listTagValues,
  summarizeCosts,
} from './billing-data.repository.ts';
import { BillingDataCache } from './billing-data-cache.ts';

export interface BillingDataDependencies {
  context: AppContext;
  billing: Pick<BillingService, 'assertSubscriptionActive' | 'entitlements'>;
  organizations: Pick<OrganizationsService, 'costScopeFor'>;
  integrations: Pick<IntegrationsService, 'resolve'>;
  users: Pick<UsersService, 'timeZoneOf'>;
  costData: Pick<CostDataService, 'onFactsReplaced'>;
  now?: () => Date;
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
  if (granularity === 'day') return eachDay(start, end);
  const periods: IsoDay[] = [];
  for (let month = monthStart(start); month <= end; month = addMonths(month, 1)) periods.push(month);
  return periods;
}

/** The billing query of spec §3: the dashboard's chart, cards, table and pickers in one answer. */
export function createBillingDataService(deps: BillingDataDependencies) {
  const { db } = deps.context.database;
  const now = deps.now ?? (() => new Date());
  const cache = new BillingDataCache<BillingData>();
  deps.costData.onFactsReplaced((event) => cache.dropIntegration(event.integrationId));

  async function summarize(slice: CostSlice, start: IsoDay, end: IsoDay, bucket: Bucket) {
    return summarizeCosts(db, { ...slice, start, end }, bucket);
  }

  async function monthEndForecastOf(slice: CostSlice, today: IsoDay, freshThrough: string | null) {
    const historyStart = laterDay(
      earlierDay(monthStart(today), addDays(today, -(MAX_TRAINING_DAYS + 7))),
      slice.start,
    );
    const daily = await summarize(slice, historyStart, today, 'day');
    // The newest day in the files is still being billed; the day before it is the last complete one.
    const completeThrough = earlierDay(addDays(today, -1), addDays(freshThrough ?? today, -1));
    const result = forecastMonthEnd({
      history: daily.bucketTotals.map((row) => ({ date: row.bucket, amount: usd(row.cost) })),
      today,
      completeThrough,
    });
    const monthToDate = daily.bucketTotals.filter((row) => isWithin(row.bucket, monthStart(today), today));
    return {
      month: monthStart(today),
      today,
      month_to_date: usd(exactSum(monthToDate.map((row) => row.cost))),
      forecast: result.forecast,
      lower: result.lower,
      upper: result.upper,
      method: result.method,
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
    const base: CostSlice = {
      organizationId: context.organizationId,
      integrationId: integration.id,
      start: visibleFrom,
      end: query.end_date,
      amortized: query.is_amortized,
      scope,
      tagKey,
      tagValues: query.selected_tag_values,
    };
    const visible = (day: IsoDay) => laterDay(day, visibleFrom);
    const granularity = chooseBucketGranularity(query.start_date, query.end_date);
    const start = visible(query.start_date);
    const main = await summarize(base, start, query.end_date, granularity);
    const previous = comparablePreviousPeriod(query.start_date, query.end_date, today);
    const before = await summarize(base, visible(previous.startDate), previous.endDate, 'none');
    const lastMonth = {
      start_date: addMonths(monthStart(today), -1),
      end_date: addDays(monthStart(today), -1),
    };
    const lastMonthTotal =
      lastMonth.start_date === previous.startDate && lastMonth.end_date === previous.endDate
        ? before.total
        : (await summarize(base, visible(lastMonth.start_date), lastMonth.end_date, 'none')).total;
    const forecast = isWithin(today, query.start_date, query.end_date)
      ? await monthEndForecastOf(base, today, integration.fresh_through)
      : null;
    const owner = { organizationId: context.organizationId, integrationId: integration.id };
    const tagKeys = await listTagKeys(db, owner, visibleFrom);
    const tagValues = tagKey
      ? [...(await listTagValues(db, owner, tagKey, visibleFrom, scope)), 'untagged']
      : [];

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
      group_by: tagKey ? 'tag' : 'service',
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
      },
      month_end_forecast: forecast,
      last_month: { ...lastMonth, total: usd(lastMonthTotal) },
      today,
      time_zone: context.timeZone,
      fresh_through: integration.fresh_through,
      visible_from: visibleFrom,
      scoped: scope.restricted,
      tag_keys: tagKeys,
      tag_values: tagValues,
    };
  }

  return {
    /** Spec §3 GET billing-data; permissions first: own user id, live subscription, own integration. */
    async query(viewer: Viewer, query: BillingDataQuery): Promise<BillingData> {
      if (query.user_id !== viewer.userId) throw notFound('User');
      await deps.billing.assertSubscriptionActive(viewer);
      const integration = await deps.integrations.resolve(viewer, query.integration);
      if (!integration) {
        if (query.integration === 'default')
          throw new ApiError(
            404,
            'NoIntegration',
            'No AWS integration is connected yet: connect one to see spend.',
          );
        throw notFound('Integration');
      }
      const timeZone = await deps.users.timeZoneOf(viewer.userId);
      const today = isoDayInTimeZone(now(), timeZone);
      const { planInForce } = await deps.billing.entitlements(viewer.organizationId);
      const visibleFrom = earliestVisibleDay(planInForce, today);
      const scope = await deps.organizations.costScopeFor(viewer);
      const { user_id: _user, ...view } = query;
      const key = JSON.stringify([
        view,
        integration.last_synced_at,
        integration.fresh_through,
        scope,
        today,
        timeZone,
        visibleFrom,
      ]);
      const cached = cache.get(integration.id, key);
      if (cached) return cached;
      const answer = await compute(query, integration, {
        organizationId: viewer.organizationId,
        scope,
        today,
        timeZone,
        visibleFrom,
      });
      cache.set(integration.id, key, answer);
      return answer;
    },
  };
}

export type BillingDataService = ReturnType<typeof createBillingDataService>;
