import { GetMetricDataCommand } from '@aws-sdk/client-cloudwatch';
import type { AwsSimulator } from '../src/aws-sim/index.ts';
import { simulatorClients } from '../src/aws-sim/simulator-clients.ts';
import { LIVE_RATE_MIN_MS } from '../src/domain/live-spend-alerts.ts';
import { startUsageMeter } from '../src/server/jobs/meter-usage.job.ts';
import {
  integrationsModuleOf,
  trustIssuedExternalId,
  viewerOf,
} from '../src/server/testing/launch-event-fixtures.ts';
import { startMailCatcher } from '../src/server/testing/mail-catcher.ts';
import { callAs, signUpVerified } from '../src/server/testing/organization-fixtures.ts';
import type { TestApp } from '../src/server/testing/test-app.ts';
import {
  databaseLabel,
  loadAverage,
  sleep,
  spread,
  startBenchApp,
  startRealTimeSimulator,
} from './support/launch-bench-world.ts';

/**
 * `node --import tsx bench/live-spend-alert.ts [runs=3] [gb_per_hour=182]` (docs/decisions/104): from the
 * start of the NAT egress leak to the live-spend alert mail accepted by a real SMTP server on loopback,
 * through the real app (pg-boss workers, the usage meter reading the simulator's CloudWatch with the
 * real SDK, the live-spend rule judged on each fresh read, the delivery job), at the test interval:
 * METER_INTERVAL_SECONDS=5 and METER_PERIOD_SECONDS=60 (TEST_DATABASE=postgres for PostgreSQL).
 * `INTERVAL_SECONDS=300 PERIOD_SECONDS=300` runs it at the default settings instead, about 10 minutes a run.
 * `SCENARIO=logs` (a logging flood of 20 GB an hour, $10 an hour) or `SCENARIO=lambda` (a loop of 50,000
 * invocations a minute of 1 s each) meters that service alone at its default cadence, so at the default
 * settings the account-level tripwire (docs/decisions/136) is what brings the read early. `SCENARIO=tokens`
 * is the demo's token spike (400,000 input and 100,000 output tokens a minute of a model the account did
 * not call before, so its first datapoints are also its first listing).
 *
 * Each run starts its own simulator (on the wall clock), app, SMTP server and organization with a rule
 * of $5 an hour for one resource (the demo's), connects the simulated role, waits until the meter has
 * read the gateways once (their rows are on GET /api/usage-meter), waits a random time within the longer of
 * a minute and the interval, so the start lands anywhere in a minute and between reads, then starts the leak. t0: `startNatLeak` returned; t1: the SMTP server
 * finished receiving the mail. Everything a run starts is stopped in its `finally`.
 *
 * It also prints the model of the same figure at the default settings (300 s interval and periods),
 * which a bench cannot wait for in real time a useful number of times.
 */
const RUNS = Number(process.argv[2] ?? process.env.RUNS ?? 3);
const GB_PER_HOUR = Number(process.argv[3] ?? process.env.GB_PER_HOUR ?? 182);
const NAT_USD_PER_GB = 0.045;
const RULE_USD_PER_HOUR = 5;
const INTERVAL_SECONDS = Number(process.env.INTERVAL_SECONDS ?? 5);
const PERIOD_SECONDS = Number(process.env.PERIOD_SECONDS ?? 60);
const ALERT_TIMEOUT_MS = Math.max(600_000, 6 * INTERVAL_SECONDS * 1000);

async function waitFor<T>(
  what: string,
  timeoutMs: number,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/** What a run starts and watches: the metered service, its resource in the demo account, and the surge. */
interface Scenario {
  label: string;
  /** METER_SERVICES for the run; '' for the default (every service). */
  services: string;
  resourceOf(simulator: AwsSimulator, accountId: string): string | undefined;
  /** Whether the resource has a row before the surge (a model called only by the spike has none). */
  listedBefore: boolean;
  start(simulator: AwsSimulator, accountId: string, resourceId: string): void;
}

const SCENARIOS: Record<string, Scenario> = {
  nat: {
    label: `NAT leak of ${GB_PER_HOUR} GB an hour ($${(GB_PER_HOUR * NAT_USD_PER_GB).toFixed(2)} an hour)`,
    services: 'nat-gateway',
    listedBefore: true,
    resourceOf: (simulator, accountId) =>
      simulator.natGateways().find((entry) => entry.accountId === accountId)?.natGatewayId,
    start: (simulator, _accountId, natGatewayId) =>
      simulator.startNatLeak({ natGatewayId, gbPerHour: GB_PER_HOUR }),
  },
  logs: {
    label: 'logging flood of 20 GB an hour ($10.00 an hour ingested)',
    services: 'logs',
    listedBefore: true,
    resourceOf: (simulator, accountId) =>
      simulator.logGroups().find((entry) => entry.accountId === accountId)?.logGroupName,
    start: (simulator, accountId, logGroupName) =>
      simulator.startLoggingFlood({ accountId, logGroupName, gbPerHour: 20 }),
  },
  lambda: {
    label: 'Lambda loop of 50,000 invocations a minute, 1 s each',
    services: 'lambda',
    listedBefore: true,
    resourceOf: (simulator, accountId) =>
      simulator.lambdaFunctions().find((entry) => entry.accountId === accountId)?.functionName,
    start: (simulator, accountId, functionName) =>
      simulator.startLambdaLoop({ accountId, functionName, invocationsPerMinute: 50_000, durationMs: 1000 }),
  },
  tokens: {
    label: 'token spike of 400,000 input and 100,000 output tokens a minute',
    // Every service, as the demo meters: with Bedrock alone no region would be known to the meter before
    // the spike, and regions are found about hourly.
    services: '',
    listedBefore: false,
    resourceOf: () => 'anthropic.claude-3-5-sonnet-20240620-v1:0',
    start: (simulator, accountId, modelId) =>
      simulator.startTokenSpike({
        accountId,
        region: 'us-east-1',
        modelId,
        inputTokensPerMinute: 400_000,
        outputTokensPerMinute: 100_000,
      }),
  },
};
const SCENARIO_NAME = process.env.SCENARIO ?? 'nat';
const SCENARIO: Scenario = (() => {
  const chosen = SCENARIOS[SCENARIO_NAME];
  if (!chosen) throw new Error(`SCENARIO is one of ${Object.keys(SCENARIOS).join(', ')}`);
  return chosen;
})();

async function oneRun(index: number): Promise<number> {
  let simulator: AwsSimulator | undefined;
  let server: TestApp | undefined;
  let mail: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
  try {
    simulator = await startRealTimeSimulator();
    mail = await startMailCatcher();
    const arrivals: Array<{ at: number; subject: string }> = [];
    const push = mail.mails.push.bind(mail.mails);
    mail.mails.push = (...items) => {
      for (const item of items) arrivals.push({ at: Date.now(), subject: item.subject });
      return push(...items);
    };
    server = await startBenchApp(simulator, {
      SMTP_URL: mail.url,
      USAGE_METER: 'on',
      ...(SCENARIO.services ? { METER_SERVICES: SCENARIO.services } : {}),
      METER_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
      METER_PERIOD_SECONDS: String(PERIOD_SECONDS),
    });
    const owner = await signUpVerified(server, `bench${index}@live-spend.test`, 'Bench Owner');
    const as = callAs(server, owner);
    await as('POST', '/api/billing/trial');
    const rule = await as('POST', '/api/alert-rules', {
      kind: 'live-spend',
      settings: { resource_usd_per_hour: RULE_USD_PER_HOUR },
    });
    if (rule.statusCode !== 201) throw new Error(`POST /api/alert-rules: ${rule.body}`);
    const { company } = simulator;
    const accountId = company.demoRoleArn.split(':')[4] ?? '';
    const viewer = await viewerOf(server, owner);
    const integrations = integrationsModuleOf(server);
    const created = await integrations.create(viewer, {
      kind: 'aws-role',
      name: 'Acme Corp',
      role_arn: company.demoRoleArn,
      external_id: trustIssuedExternalId(simulator, company.demoRoleArn, integrations, viewer),
    });
    // What the worker's every-minute ensure-usage-meters does for a new role, at once.
    if (!server.context.queue) throw new Error('the bench app runs a queue');
    await startUsageMeter(server.context.queue, created.id);
    const resourceId = SCENARIO.resourceOf(simulator, accountId);
    if (!resourceId) throw new Error(`the simulated account has no resource for ${SCENARIO_NAME}`);
    // The meter's first read of the account (what a person sees as the resource's row on the card).
    await waitFor('the first meter read', 180_000, async () => {
      if (!SCENARIO.listedBefore) return (await meterReadsDone(server as TestApp)) > 0 ? true : undefined;
      const view = (await as('GET', '/api/usage-meter')).json() as { rows: Array<{ resource_id: string }> };
      return view.rows.some((row) => row.resource_id === resourceId) ? true : undefined;
    });
    await sleep(Math.random() * Math.max(60, INTERVAL_SECONDS) * 1000);
    SCENARIO.start(simulator, accountId, resourceId);
    const startedAt = Date.now();
    const subject = `${resourceId} at `;
    const firstLeakMinuteEnds = Math.ceil(startedAt / 60_000) * 60_000 + 60_000;
    const db = server.context.database.db;
    let storedAt: number | undefined;
    const arrived = await waitFor(`run ${index}: the alert mail`, ALERT_TIMEOUT_MS, async () => {
      storedAt ??= await firstReadOf(db, resourceId, periodHolding(firstLeakMinuteEnds - 60_000));
      return arrivals.find(
        (entry) => entry.subject.startsWith('[Spendguard] Live spend: ') && entry.subject.includes(subject),
      );
    });
    const fired = await db
      .selectFrom('alert_notifications')
      .select('fired_at')
      .orderBy('fired_at')
      .executeTakeFirst();
    const after = (at: number | undefined) => (at === undefined ? '?' : ((at - startedAt) / 1000).toFixed(1));
    console.log(
      `  run ${index}: leak started ${new Date(startedAt).toISOString().slice(11, 19)} UTC (${new Date(startedAt).getUTCSeconds()} s into its minute); after it: its first full minute ended ${after(firstLeakMinuteEnds)} s, the period holding it stored ${after(storedAt)} s (±0.2), alert fired ${after(fired ? new Date(fired.fired_at).getTime() : undefined)} s, mail accepted ${after(arrived.at)} s`,
    );
    console.log(`    ${await meterReadsSince(server, startedAt)}`);
    return arrived.at - startedAt;
  } finally {
    await server?.close();
    await mail?.close();
    await simulator?.close();
  }
}

/** How many meter reads pg-boss has completed. */
async function meterReadsDone(server: TestApp): Promise<number> {
  const { rows } = await server.context.database.executeSql(
    `SELECT count(*) AS done FROM pgboss.job WHERE name = 'meter-usage' AND completed_on IS NOT NULL`,
    [],
  );
  return Number((rows as Array<{ done: string | number }>)[0]?.done ?? 0);
}

/** The meter's reads since `fromMs` as pg-boss ran them: how late each started after it was due, and how long it took. */
async function meterReadsSince(server: TestApp, fromMs: number): Promise<string> {
  const { rows } = await server.context.database.executeSql(
    `SELECT extract(epoch FROM started_on - start_after) * 1000 AS late_ms,
            extract(epoch FROM completed_on - started_on) * 1000 AS took_ms
       FROM pgboss.job WHERE name = 'meter-usage' AND started_on >= $1 AND completed_on IS NOT NULL`,
    [new Date(fromMs)],
  );
  const reads = rows as Array<{ late_ms: string | number; took_ms: string | number }>;
  const late = reads.map((read) => Number(read.late_ms));
  const took = reads.map((read) => Number(read.took_ms));
  return `meter reads since the leak: ${reads.length}; started after due ${spread(late)}; each took ${spread(took)}`;
}

/** The start of the meter's period that holds an instant. */
const periodHolding = (atMs: number) => Math.floor(atMs / (PERIOD_SECONDS * 1000)) * PERIOD_SECONDS * 1000;

/** When the meter first stored the gateway's minute starting at `minuteMs` (its row's `read_at`), if it has. */
async function firstReadOf(db: TestApp['context']['database']['db'], resourceId: string, minuteMs: number) {
  const row = await db
    .selectFrom('usage_meter_periods')
    .select('read_at')
    .where('resource_id', '=', resourceId)
    .where('period_start', '=', new Date(minuteMs))
    .executeTakeFirst();
  return row ? new Date(row.read_at).getTime() : undefined;
}

/**
 * The same figure modelled: the leak counts from the first whole minute after it starts (the
 * simulator's and CloudWatch's minute datapoints), the rule judges the latest ended periods that cover
 * two minutes (`LIVE_RATE_MIN_MS`: one of five minutes, two of one) of the gateway's whole traffic (its
 * usual `baseGbPerHour` plus the leak), and a read comes every
 * `intervalMin` at a random phase; delivery (about a second) is left out. Minutes in, milliseconds out.
 */
function modelled(intervalMin: number, periodMin: number, baseGbPerHour: number, samples = 20_000): number[] {
  const limitGbPerHour = RULE_USD_PER_HOUR / NAT_USD_PER_GB;
  const judgedMinutes = Math.max(1, Math.ceil(LIVE_RATE_MIN_MS / 60_000 / periodMin)) * periodMin;
  const leakMinutesNeeded = Math.max(
    1,
    Math.ceil(((limitGbPerHour - baseGbPerHour) * judgedMinutes) / GB_PER_HOUR - 1e-9),
  );
  const results: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const start = Math.random() * 60;
    const phase = Math.random() * intervalMin;
    const firstLeakMinute = Math.ceil(start);
    const periodEnd = Math.ceil((firstLeakMinute + leakMinutesNeeded) / periodMin) * periodMin;
    const read = phase + Math.ceil((periodEnd - phase) / intervalMin) * intervalMin;
    results.push((read - start) * 60_000);
  }
  return results;
}

/** The gateway's usual GB an hour: CloudWatch's sum over the last whole hour, through the real SDK. */
async function usualGbPerHour(simulator: AwsSimulator, natGatewayId: string): Promise<number> {
  const end = Math.floor(Date.now() / 60_000) * 60_000;
  const answer = await simulatorClients(simulator).cloudWatch.send(
    new GetMetricDataCommand({
      StartTime: new Date(end - 3_600_000),
      EndTime: new Date(end),
      MetricDataQueries: ['BytesOutToDestination', 'BytesOutToSource'].map((MetricName, index) => ({
        Id: `m${index}`,
        MetricStat: {
          Metric: {
            Namespace: 'AWS/NATGateway',
            MetricName,
            Dimensions: [{ Name: 'NatGatewayId', Value: natGatewayId }],
          },
          Period: 3600,
          Stat: 'Sum',
        },
      })),
    }),
  );
  return (answer.MetricDataResults ?? []).reduce(
    (sum, result) => sum + (result.Values ?? []).reduce((total, value) => total + value, 0) / 2 ** 30,
    0,
  );
}

console.log(
  `Live-spend alert, ${SCENARIO.label} against a $${RULE_USD_PER_HOUR} rule, ${databaseLabel()}, load average ${loadAverage()}`,
);
const measured: number[] = [];
for (let index = 1; index <= RUNS; index += 1) measured.push(await oneRun(index));
if (measured.length > 0)
  console.log(
    `Measured, interval ${INTERVAL_SECONDS} s, periods ${PERIOD_SECONDS} s: start → mail accepted ${spread(measured)}`,
  );
if (SCENARIO_NAME === 'nat') await printNatModel();
console.log(`load average after: ${loadAverage()}`);

/** The NAT leak's figure modelled at the test and the default settings. */
async function printNatModel() {
  const base = await (async () => {
    const simulator = await startRealTimeSimulator();
    try {
      const accountId = simulator.company.demoRoleArn.split(':')[4] ?? '';
      const gateway = simulator.natGateways().find((entry) => entry.accountId === accountId);
      return gateway ? await usualGbPerHour(simulator, gateway.natGatewayId) : 0;
    } finally {
      await simulator.close();
    }
  })();
  console.log(
    `Modelled (the gateway's usual ${base.toFixed(1)} GB an hour plus the leak; reads at a random phase, 20,000 starts; delivery left out):`,
  );
  for (const [interval, period] of [
    [5 / 60, 1],
    [5, 1],
    [5, 5],
  ] as const)
    console.log(
      `  interval ${interval * 60} s, periods ${period * 60} s: ${spread(modelled(interval, period, base))}`,
    );
}
