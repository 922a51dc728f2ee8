import { z } from 'zod';

export const usageMeterQuery = z.object({
  integration_id: z.uuid('must be an integration id').optional(),
});
export type UsageMeterQuery = z.infer<typeof usageMeterQuery>;

/** One metered resource: what it used in the last hour and today (UTC), and what that costs. */
export const usageMeterRow = z.object({
  integration_id: z.string(),
  region: z.string(),
  /** 'nat-gateway', 'lambda', 'logs', 'dynamodb', 'bedrock' or 'ec2-egress'. */
  service: z.string(),
  /** 'nat-gateway-data-processed', 'lambda-gb-seconds', 'logs-ingested', ... (src/domain/usage-prices.ts) */
  charge: z.string(),
  /** The NAT gateway id, function name, log group, table name, model id or instance id. */
  resource_id: z.string(),
  /** What the resource is, in words: "NAT gateway nat-0ab…", "Lambda function checkout-fn-01". */
  resource_label: z.string(),
  unit: z.enum(['GB', 'requests', 'GB-seconds', 'request units', 'tokens']),
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
  /** Set when the quantity is an estimate of what the bill charges (EC2 egress), with why. */
  estimate: z.string().nullable(),
  /** Set when the resource's row stopped (no longer listed: deleted), with why; its $ an hour is then null. */
  stopped: z.string().nullable(),
  /** Its tags as the meter's last read found them (empty when it has none); null when they are not known. */
  tags: z.record(z.string(), z.string()).nullable(),
  /**
   * Who owns it by its tags (docs/decisions/125): the owner tag's value and key ("payments", "team"),
   * or no owner with the note saying why: "no owner tag", or "not known: …" when the tags could not be read.
   */
  owner: z.object({
    name: z.string().nullable(),
    tag: z.string().nullable(),
    note: z.string().nullable(),
  }),
});

/** How each integration's meter reads: per region, its last read and the error that stopped it. */
export const usageMeterState = z.object({
  integration_id: z.string(),
  regions: z.array(
    z.object({
      region: z.string(),
      service: z.string(),
      charge: z.string(),
      last_read_at: z.string().nullable(),
      error: z.string().nullable(),
      /** Datapoints dated in the future or far in the past, left out of the spend. */
      left_out: z.number(),
      /** Metrics the last read asked for, and how often the charge is read. */
      metrics_per_read: z.number(),
      read_every_seconds: z.number(),
    }),
  ),
  /** Each service's state on the card: metered, failing (with why) or not metered. */
  services: z.array(
    z.object({
      service: z.string(),
      state: z.enum(['metered', 'failing', 'not-metered']),
      error: z.string().nullable(),
      last_read_at: z.string().nullable(),
      read_every_seconds: z.number(),
    }),
  ),
  /** GetMetricData metrics requested so far; AWS charges $0.01 per 1,000. */
  metrics_requested: z.number(),
  /** Datapoints left out of the spend in all, per the regions' rows. */
  left_out: z.number(),
  /** What the meter costs a month in the customer's AWS account at the current settings (GetMetricData). */
  monthly_cost_usd: z.number(),
  /**
   * The meter against the bill per service, the latest days the bill covers first (docs/decisions/112):
   * metered and billed dollars, the relative error (null when the bill charged nothing), and why where
   * it is beyond 10% and the data can say it.
   */
  accuracy: z.array(
    z.object({
      service: z.string(),
      day: z.string(),
      metered_usd: z.number(),
      billed_usd: z.number(),
      error: z.number().nullable(),
      reason: z.string().nullable(),
      line: z.string(),
    }),
  ),
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

/** The demo's Lambda loop: a function of the simulated account is invoked far more often. */
export const lambdaLoopInput = z.preprocess(
  (body) => body ?? {},
  z.object({
    invocations_per_minute: z
      .number()
      .positive('invocations_per_minute: must be more than 0')
      .max(10_000_000)
      .default(60_000),
    duration_ms: z.number().positive('duration_ms: must be more than 0').max(900_000).default(1_200),
  }),
);
export type LambdaLoopInput = z.infer<typeof lambdaLoopInput>;

/** The demo's logging flood: a log group of the simulated account ingests this much more. */
export const loggingFloodInput = z.preprocess(
  (body) => body ?? {},
  z.object({
    gb_per_hour: z.number().positive('gb_per_hour: must be more than 0').max(100_000).default(40),
  }),
);
export type LoggingFloodInput = z.infer<typeof loggingFloodInput>;

/** The demo's token spike: a Bedrock model called in a loop in the simulated account. */
export const tokenSpikeInput = z.preprocess(
  (body) => body ?? {},
  z.object({
    model_id: z
      .string()
      .min(1, 'model_id: name a Bedrock model')
      .max(200, 'model_id: at most 200 characters')
      .regex(/^[\w.:-]+$/, 'model_id: a Bedrock model id, such as anthropic.claude-3-haiku-20240307-v1:0')
      .default('anthropic.claude-3-5-sonnet-20240620-v1:0'),
    input_tokens_per_minute: z
      .number()
      .positive('input_tokens_per_minute: must be more than 0')
      .max(1e9)
      .default(400_000),
    output_tokens_per_minute: z
      .number()
      .positive('output_tokens_per_minute: must be more than 0')
      .max(1e9)
      .default(100_000),
  }),
);
export type TokenSpikeInput = z.infer<typeof tokenSpikeInput>;

/** Which resource of which simulated account a demo scenario started on. */
export const demoScenarioAnswer = z.object({
  service: z.string(),
  resource_id: z.string(),
  region: z.string(),
  account_id: z.string(),
});
export type DemoScenarioAnswer = z.infer<typeof demoScenarioAnswer>;
