import { z } from 'zod';

export const usageMeterQuery = z.object({
  integration_id: z.uuid('must be an integration id').optional(),
});
export type UsageMeterQuery = z.infer<typeof usageMeterQuery>;

/** One metered resource: what it used in the last hour and today (UTC), and what that costs. */
export const usageMeterRow = z.object({
  integration_id: z.string(),
  region: z.string(),
  /** 'nat-gateway-data-processed' */
  charge: z.string(),
  /** The NAT gateway id. */
  resource_id: z.string(),
  unit: z.literal('GB'),
  /** Null: no datapoints in that time ("no data"), never 0. */
  last_hour_quantity: z.number().nullable(),
  today_quantity: z.number().nullable(),
  usd_per_hour: z.number().nullable(),
  usd_per_day: z.number().nullable(),
  today_usd: z.number().nullable(),
  last_datapoint_at: z.string().nullable(),
  /** Set when the dollars are null because the price is not known, with why. */
  price_unknown_reason: z.string().nullable(),
  price_source: z.string().nullable(),
});

/** How each integration's meter reads: per region, its last read and the error that stopped it. */
export const usageMeterState = z.object({
  integration_id: z.string(),
  regions: z.array(
    z.object({
      region: z.string(),
      charge: z.string(),
      last_read_at: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
  /** GetMetricData metrics requested so far; AWS charges $0.01 per 1,000. */
  metrics_requested: z.number(),
});

export const usageMeterView = z.object({
  rows: z.array(usageMeterRow),
  meters: z.array(usageMeterState),
  interval_seconds: z.number(),
});
export type UsageMeterView = z.infer<typeof usageMeterView>;

/** The demo's "NAT egress leak": a NAT gateway of the simulated account starts processing this much more. */
export const natLeakInput = z.preprocess(
  (body) => body ?? {},
  z.object({
    gb_per_hour: z.number().positive('gb_per_hour: must be more than 0').max(100_000).default(182),
  }),
);
export type NatLeakInput = z.infer<typeof natLeakInput>;

export const natLeakAnswer = z.object({
  nat_gateway_id: z.string(),
  region: z.string(),
  account_id: z.string(),
  gb_per_hour: z.number(),
});
export type NatLeakAnswer = z.infer<typeof natLeakAnswer>;
