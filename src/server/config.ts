import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import { METER_PERIOD_SECONDS_ALLOWED } from '../domain/usage-meter-window.ts';
import { METERED_SERVICES, type MeteredService } from '../domain/usage-prices.ts';
import { MAX_COMMITMENT_TAG_DAYS } from './modules/cost-data/billing-files/read-commitments.ts';

/** An IPv4 or IPv6 address, optionally with a /prefix (a subnet of proxies). */
const isAddressOrSubnet = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * Which proxies' X-Forwarded-For is believed: off (the default: the client is the TCP peer), a hop count,
 * or the proxies' addresses and subnets. Never "trust everyone": any client could then pick its address.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['', 'off', 'false', '0'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isAddressOrSubnet(entry));
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `use off, a hop count, or proxy addresses/subnets (not ${invalid.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => ['on', 'true', '1'].includes(v));

/** Every setting the server reads from the environment. This file is the only reader of process.env. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Spendguard <alerts@spendguard.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('dist/web'),
  ANALYTICS_SINK: z.enum(['database', 'log', 'webhook', 'off']).default('database'),
  ANALYTICS_WEBHOOK_URL: z.url().optional(),
  OPERATOR_KEY: z.string().min(16).optional(),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  AWS_SIMULATOR: booleanFlag.optional(),
  AWS_LOCAL_CREDENTIALS: booleanFlag.default(false),
  AWS_PRICING_API: booleanFlag.optional(),
  AWS_PRICING_ENDPOINT: z.url().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  AWS_ENDPOINT_URL: z.url().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_PROFILE: z.string().optional(),
  AWS_ROLE_ARN: z.string().optional(),
  AWS_CONTAINER_CREDENTIALS_FULL_URI: z.string().optional(),
  SPENDGUARD_AWS_ACCOUNT_ID: z
    .string()
    .regex(/^\d{12}$/, 'must be a 12-digit AWS account id')
    .optional(),
  TRUST_PROXY: trustProxySetting.prefault('off'),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  API_MAX_IN_FLIGHT: z.coerce.number().int().positive().optional(),
  BILLING_DATA_CACHE_ENTRIES: z.coerce.number().int().min(0).default(2000),
  PERMISSION_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  UPLOAD_MAX_EXPANDED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024 * 1024),
  INGEST_HEARTBEAT_SECONDS: z.coerce.number().positive().default(15),
  COMMITMENT_TAG_DAYS_MAX: z.coerce.number().int().nonnegative().default(MAX_COMMITMENT_TAG_DAYS),
  DUCKDB_MEMORY_LIMIT: z
    .string()
    .trim()
    .regex(
      /^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i,
      'must be an amount with its unit, such as 1GB or 512MB',
    )
    .default('1GB'),
  DUCKDB_TEMP_DIRECTORY: z.string().trim().min(1).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_test_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must be a webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  STRIPE_PRICE_BUSINESS_MONTHLY: z.string().startsWith('price_').optional(),
  STRIPE_PRICE_BUSINESS_YEARLY: z.string().startsWith('price_').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  SCHEDULING_URL: z.url({ protocol: /^https?$/ }).optional(),
  SUPPORT_EMAILS: z.string().default(''),
  CHAT_CONNECT_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  CHAT_HEARTBEAT_SECONDS: z.coerce.number().positive().default(30),
  SLACK_CLIENT_ID: z.string().min(1).optional(),
  SLACK_CLIENT_SECRET: z.string().min(1).optional(),
  SLACK_API_URL: z.url().optional(),
  SLACK_AUTHORIZE_URL: z.url().default('https://slack.com/oauth/v2/authorize'),
  SLACK_WEBHOOK_HOSTS: z.string().default('hooks.slack.com'),
  SLACK_SIGNING_SECRET: z.string().min(1).optional(),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  ALERT_EVALUATION_CRON: z.string().default('*/15 * * * *'),
  LAUNCH_EVENT_POLLERS_PER_NODE: z.coerce.number().int().min(1).max(1000).default(50),
  METER_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** The length of the periods the meter reads and stores, 60 or 300 (docs/decisions/104). */
  METER_PERIOD_SECONDS: z.coerce
    .number()
    .int()
    .refine((seconds) => (METER_PERIOD_SECONDS_ALLOWED as readonly number[]).includes(seconds), {
      message: `use one of ${METER_PERIOD_SECONDS_ALLOWED.join(', ')}`,
    })
    .default(300),
  USAGE_METER: booleanFlag.default(true),
  /** The services metered, comma-separated (docs/decisions/094). */
  METER_SERVICES: z
    .string()
    .default(METERED_SERVICES.join(','))
    .transform((text, context) => {
      const services = text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const unknown = services.filter((service) => !METERED_SERVICES.includes(service as MeteredService));
      if (unknown.length > 0)
        context.addIssue({
          code: 'custom',
          message: `unknown service ${unknown.join(', ')}: use ${METERED_SERVICES.join(', ')}`,
        });
      return services as MeteredService[];
    }),
  /** Seconds between reads per service when slower than the interval: service=seconds, comma-separated. */
  METER_SERVICE_SECONDS: z
    .string()
    .default('lambda=3600,logs=1800,dynamodb=3600,ec2-egress=3600')
    .transform((text, context) => {
      const entries = text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => entry.split('='));
      for (const [service, seconds] of entries)
        if (!METERED_SERVICES.includes(service as MeteredService) || !(Number(seconds) >= 0))
          context.addIssue({
            code: 'custom',
            message: `${service}=${seconds}: use service=seconds with one of ${METERED_SERVICES.join(', ')}`,
          });
      return Object.fromEntries(entries.map(([service, seconds]) => [service, Number(seconds)])) as Partial<
        Record<MeteredService, number>
      >;
    }),
  SPENDGUARD_ROLE: z
    .enum(['all', 'web', 'worker'], { error: 'use web, worker or all (the default: both in one process)' })
    .default('all'),
});

export type Config = ReturnType<typeof parseConfig>;

/** A setting the server cannot start with; main.ts prints its message alone, without a stack. */
export class InvalidConfiguration extends Error {
  override name = 'InvalidConfiguration';
}

/**
 * What this node does (docs/decisions/037): `web` serves HTTP and the chat sockets and only sends jobs;
 * `worker` runs every job (ingestion, evaluation, delivery) and serves /api/health only; `all` is both.
 * PGlite opens in one process only, so a split needs the shared PostgreSQL of DATABASE_URL.
 */
function roleSettings(env: z.infer<typeof environmentSchema>) {
  const role = env.SPENDGUARD_ROLE;
  if (role !== 'all' && !env.DATABASE_URL)
    throw new InvalidConfiguration(
      `Invalid configuration:\n  SPENDGUARD_ROLE=${role} needs DATABASE_URL: the embedded database (PGlite) opens in one process only, so web and worker nodes must share a PostgreSQL server. Unset SPENDGUARD_ROLE to run both in this process.`,
    );
  // Each node would otherwise generate its own under DATA_DIR: sessions, links and sealed Slack secrets
  // made on one node would not open on another.
  if (role !== 'all' && !env.BETTER_AUTH_SECRET)
    throw new InvalidConfiguration(
      `Invalid configuration:\n  SPENDGUARD_ROLE=${role} needs BETTER_AUTH_SECRET, the same on every node: it signs sessions and links and seals Slack secrets that other nodes must read.`,
    );
  return { name: role, servesWeb: role !== 'worker', runsJobs: role !== 'web' };
}

export function parseConfig(environment: Record<string, string | undefined> = process.env) {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new InvalidConfiguration(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const port = env.PORT;
  return {
    environment: env.NODE_ENV,
    role: roleSettings(env),
    host: env.HOST,
    port,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    analytics: { sink: env.ANALYTICS_SINK, webhookUrl: env.ANALYTICS_WEBHOOK_URL },
    authSecret: env.BETTER_AUTH_SECRET,
    operatorKey: env.OPERATOR_KEY,
    awsSimulator: env.AWS_SIMULATOR,
    /** Real AWS (the SDK's default credential chain) unless the simulator runs; see server.ts. */
    aws: {
      region: env.AWS_REGION,
      endpoint: env.AWS_ENDPOINT_URL,
      /** Any sign of AWS configuration: without one, `npm start` runs the built-in simulator. */
      configured: Boolean(
        env.AWS_ENDPOINT_URL ||
          env.AWS_ACCESS_KEY_ID ||
          env.AWS_PROFILE ||
          env.AWS_ROLE_ARN ||
          env.AWS_CONTAINER_CREDENTIALS_FULL_URI,
      ),
      /** The account customer roles trust (the template's principal); the server's own account. */
      spendguardAccountId: env.SPENDGUARD_AWS_ACCOUNT_ID,
      /**
       * Organizations may connect the server's own AWS credentials (kind `aws-local-credentials`): off
       * unless the operator turns it on, since they read the operator's account (docs/decisions/075).
       */
      localCredentials: env.AWS_LOCAL_CREDENTIALS,
    },
    /**
     * The AWS Price List API prices EC2 outside us-east-1 (the shipped catalog's region). Off unless
     * turned on or given an endpoint; it uses the server's own AWS credentials.
     */
    awsPricing: {
      enabled: env.AWS_PRICING_API ?? env.AWS_PRICING_ENDPOINT !== undefined,
      endpoint: env.AWS_PRICING_ENDPOINT,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    /** The largest billing file accepted by upload (streamed to disk, never held in memory). */
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    /** Whose X-Forwarded-For names the client (every per-IP limit reads that address); false: nobody's. */
    trustProxy: env.TRUST_PROXY,
    ingestion: {
      /** How far a gzip billing file (uploaded or synced) may expand before it is refused as a bomb. */
      maxExpandedBytes: env.UPLOAD_MAX_EXPANDED_BYTES,
      /** DuckDB's memory for reading one billing file; beyond it DuckDB spills to spillParent. */
      memoryLimit: env.DUCKDB_MEMORY_LIMIT.replace(/\s+/g, ''),
      /** Where DuckDB spills: on disk under DATA_DIR by default, since the system's temp folder may be memory. */
      spillParent: path.resolve(env.DUCKDB_TEMP_DIRECTORY ?? path.join(env.DATA_DIR, 'duckdb-spill')),
      /** The most tag-set days of commitment usage one billing file keeps for tag teams (decision 142). */
      maxCommitmentTagDays: env.COMMITMENT_TAG_DAYS_MAX,
      /** How often a worker marks the run it reads as alive. */
      heartbeatMs: env.INGEST_HEARTBEAT_SECONDS * 1000,
      /** A running run without a beat for this long was orphaned by a dead process: it is failed. */
      orphanedAfterMs: env.INGEST_HEARTBEAT_SECONDS * 4 * 1000,
    },
    /** API requests per IP and minute (static files of the web app are never limited). */
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    /** Requests per API token and minute, per node (decision 004's limiter; decision 056). */
    apiTokenRateLimitPerMinute: env.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    /**
     * API requests served at once; past it the server answers 503 at once (health never counts). On
     * PGlite every statement runs on the one Node thread, so fewer (bench/overload.ts, decision 029).
     */
    apiMaxInFlight: env.API_MAX_IN_FLIGHT ?? (env.DATABASE_URL ? 32 : 8),
    /** Billing-data answers kept in memory per node (0 turns the cache off; docs/decisions/017). */
    billingDataCacheEntries: env.BILLING_DATA_CACHE_ENTRIES,
    /**
     * How long a node keeps a session, membership, plan, team scope and time zone it read (0: never; at most
     * 1 s, so every node sees a sign-out or a role or plan change within a second; docs/decisions/052).
     */
    permissionCacheMs: env.PERMISSION_CACHE_MS,
    /** Attempts per 10 minutes on sign-in and sign-up. */
    authRateLimits: { perIp: env.AUTH_RATE_LIMIT_PER_IP, perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL },
    stripe: stripeSettings(env),
    version: packageJson.version,
    /** The consultation booking page embedded by the help widget; off when unset. */
    schedulingUrl: env.SCHEDULING_URL,
    chat: {
      /** Verified accounts with these addresses act as support staff (besides `npm run admin -- grant-support`). */
      supportEmails: env.SUPPORT_EMAILS.split(',')
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
      /** New visitor tokens and new chat connections per IP and minute. */
      connectRateLimitPerIp: env.CHAT_CONNECT_RATE_LIMIT_PER_IP,
      /** How often the server pings each chat connection; one missed answer drops it. */
      heartbeatMs: env.CHAT_HEARTBEAT_SECONDS * 1000,
    },
    launchEvents: {
      /**
       * Launch-events pollers one worker node runs at once, one per integration (bench/launch-alerts.ts):
       * past it, integrations take turns of a poll session each.
       */
      pollersPerNode: env.LAUNCH_EVENT_POLLERS_PER_NODE,
    },
    usageMeter: {
      /** How often each AWS integration's usage metrics are read (docs/decisions/091). */
      intervalSeconds: env.METER_INTERVAL_SECONDS,
      /** The length of the periods read and stored: one minute is the freshest, five the default. */
      periodSeconds: env.METER_PERIOD_SECONDS,
      /** Off: no integration is metered (the operator's choice; test apps that do not test the meter). */
      enabled: env.USAGE_METER,
      /** The services metered (all by default). */
      services: env.METER_SERVICES,
      /** Seconds between reads of a service when slower than the interval (what keeps the meter cheap). */
      serviceSeconds: env.METER_SERVICE_SECONDS,
    },
    alerts: {
      /** How often every organization is evaluated besides right after each ingest. */
      evaluationCron: env.ALERT_EVALUATION_CRON,
      slack: {
        /** OAuth ("Add to Slack") is offered when both are set. */
        clientId: env.SLACK_CLIENT_ID,
        clientSecret: env.SLACK_CLIENT_SECRET,
        /** The Web API base (tests point @slack/web-api at a local server); Slack's own when unset. */
        apiUrl: env.SLACK_API_URL?.replace(/\/?$/, '/'),
        authorizeUrl: env.SLACK_AUTHORIZE_URL,
        /** The Slack app's signing secret: interactive buttons are offered and answered only when set (decision 132). */
        signingSecret: env.SLACK_SIGNING_SECRET,
        /** Hosts an incoming-webhook URL may point at; a loopback host here may use plain http. */
        webhookHosts: env.SLACK_WEBHOOK_HOSTS.split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      },
      /** Signed webhooks and Teams endpoints (decision 058). */
      webhooks: {
        /**
         * Off by default: a target resolving to a loopback, private, link-local (metadata) or unique-local
         * address is refused, and only https is accepted. On: both are allowed (a receiver on the
         * operator's own network, tests).
         */
        allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
        /** One deadline per attempt: connecting, sending and reading the answer. */
        timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
      },
    },
  };
}

/**
 * Payments are on when the secret key and the webhook secret are both set; the API address
 * is configurable so tests point the real SDK at a local stand-in. Without prices, Checkout sends
 * the amounts of src/domain/plans.ts inline.
 */
function stripeSettings(env: z.infer<typeof environmentSchema>) {
  if (!env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) return undefined;
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    throw new InvalidConfiguration(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take payments, or neither.',
    );
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    testMode: env.STRIPE_SECRET_KEY.includes('_test_'),
    api: { host: env.STRIPE_API_HOST, port: env.STRIPE_API_PORT, protocol: env.STRIPE_API_PROTOCOL },
    priceIds: {
      business_monthly: env.STRIPE_PRICE_BUSINESS_MONTHLY,
      business_yearly: env.STRIPE_PRICE_BUSINESS_YEARLY,
    },
  };
}

export type StripeSettings = NonNullable<ReturnType<typeof stripeSettings>>;
