import { z } from 'zod';
import { parseSelectedTagValues } from '../domain/billing-view.ts';
import { inclusiveDayCount, isIsoDay } from '../domain/calendar-days.ts';
import { providerChoice, providerNames } from './cloud-providers.ts';
import { commitmentEndInForecast } from './commitment-ends.ts';
import { queryDay } from './query-day.ts';

/** Longest range one billing query may cover: the business plan's 36 months of history. */
export const MAX_BILLING_RANGE_DAYS = 1_100;

/** Comma-separated provider names: each one checked, repeats dropped. */
const providerList = z
  .string()
  .max(2_000)
  .transform((text) => [...new Set(text.split(',').map((name) => name.trim()))])
  .pipe(providerNames.min(1, 'name at least one provider, or leave provider out'));

/**
 * Billing data query parameters, exactly; `is_amortized` is 'true' or 'false'. Beyond the spec
 * (decision 060): `provider` narrows to some clouds of a FOCUS file, `group_by=provider` splits by them.
 */
export const billingDataQuery = z
  .object({
    user_id: z.string().min(1, 'user_id is required'),
    start_date: queryDay('start_date'),
    end_date: queryDay('end_date'),
    integration: z.string().trim().min(1, 'integration is required: an integration id or default').max(100),
    tag_key: z.string().trim().min(1, "tag_key is required: a tag key or 'all'").max(128),
    selected_tag_values: z
      .string()
      .max(10_000)
      .transform(parseSelectedTagValues)
      .refine(
        (values) => values === 'All' || values.length > 0,
        "selected_tag_values must be 'All' or comma-separated values",
      )
      .refine((values) => values === 'All' || values.length <= 200, 'at most 200 tag values'),
    is_amortized: z
      .enum(['true', 'false'], "is_amortized must be 'true' or 'false'")
      .transform((v) => v === 'true'),
    provider: providerList.optional(),
    group_by: z.enum(['service', 'provider'], "group_by must be 'service' or 'provider'").optional(),
  })
  .superRefine((query, context) => {
    if (!isIsoDay(query.start_date) || !isIsoDay(query.end_date)) return;
    if (query.end_date < query.start_date)
      context.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before start_date' });
    else if (inclusiveDayCount(query.start_date, query.end_date) > MAX_BILLING_RANGE_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `the range may cover at most ${MAX_BILLING_RANGE_DAYS} days`,
      });
    if (query.tag_key === 'all' && query.selected_tag_values !== 'All')
      context.addIssue({
        code: 'custom',
        path: ['selected_tag_values'],
        message: "must be 'All' when tag_key is 'all'",
      });
    if (query.group_by === 'provider' && query.tag_key !== 'all')
      context.addIssue({
        code: 'custom',
        path: ['group_by'],
        message: "must be left out when tag_key names a tag: the series are that tag's values",
      });
  });
export type BillingDataQuery = z.infer<typeof billingDataQuery>;

const usd = z.number();

export const costBucket = z.object({
  /** First day of the bucket: the day, or the first of the month. */
  period: z.string(),
  total: usd,
  /** Amount per series key (service name, or tag value / 'untagged'); keys without cost are absent. */
  amounts: z.record(z.string(), usd),
});

export const costSeries = z.object({ key: z.string(), total: usd });

export const monthEndForecast = z.object({
  /** 'YYYY-MM-01' of the month that holds today. */
  month: z.string(),
  today: z.string(),
  month_to_date: usd,
  forecast: usd,
  lower: usd,
  upper: usd,
  method: z.enum(['seasonal-trend', 'run-rate', 'actual', 'no-history']),
  /** Savings Plans and reservations in the view's accounts that end within the month (decision 114). */
  commitment_ends: z.array(commitmentEndInForecast),
});

export const billingData = z.object({
  integration: z.object({ id: z.string(), name: z.string() }),
  currency: z.literal('USD'),
  start_date: z.string(),
  end_date: z.string(),
  granularity: z.enum(['day', 'month']),
  /** What the series are: services, providers (their names), or the values of `tag_key`. */
  group_by: z.enum(['service', 'tag', 'provider']),
  tag_key: z.string().nullable(),
  is_amortized: z.boolean(),
  total: usd,
  /** Series keys with their total over the range, largest first. */
  series: z.array(costSeries),
  buckets: z.array(costBucket),
  previous_period: z.object({
    start_date: z.string(),
    end_date: z.string(),
    total: usd,
    series: z.array(costSeries),
    /** True when the range holds today: the previous period is cut at the same day offset. */
    through_today: z.boolean(),
    /** True when the plan's history starts after this period's first day: no fair comparison. */
    before_visible_history: z.boolean(),
    /**
     * Why this period is not compared with the range, or null when it is: it starts before the plan's
     * history (`visible_from`) or before the integration's data (`data_from`), whichever binds, or the
     * data has no bill for some of its months (`data_gap`, the months in `missing_months`).
     */
    not_compared: z.enum(['plan_history', 'before_data', 'data_gap']).nullable(),
    /** The first day of each month of this period, after `data_from`, with no bill; empty unless `data_gap`. */
    missing_months: z.array(z.string()),
  }),
  /** Present when the range holds today in the user's time zone. */
  month_end_forecast: monthEndForecast.nullable(),
  /** The whole calendar month before the one holding today. */
  last_month: z.object({
    start_date: z.string(),
    end_date: z.string(),
    total: usd,
    /** False when the data holds no bill for that month (decision 074): its total is not a $0 month. */
    held: z.boolean(),
  }),
  today: z.string(),
  time_zone: z.string(),
  fresh_through: z.string().nullable(),
  /** The plan's first visible day; costs before it are left out (free plans keep 3 months). */
  visible_from: z.string(),
  /** The first day the data covers: its first billing period, on the chosen providers; null with none. */
  data_from: z.string().nullable(),
  /** True when a team scope limits what this person sees. */
  scoped: z.boolean(),
  tag_keys: z.array(z.string()),
  /** Values of `tag_key` for the picker ('untagged' included), empty when tag_key is 'all'. */
  tag_values: z.array(z.string()),
  /**
   * The providers with cost in the integration since visible_from, in this person's scope, AWS first;
   * the dashboard offers a provider control when there are two or more (decision 060).
   */
  providers: z.array(providerChoice),
  /** The providers the answer is narrowed to; empty: every provider. */
  provider_filter: z.array(z.string()),
});
export type BillingData = z.infer<typeof billingData>;
export type CostBucket = z.infer<typeof costBucket>;
export type CostSeries = z.infer<typeof costSeries>;
