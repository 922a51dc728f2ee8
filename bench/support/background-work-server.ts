import { sql } from 'kysely';
import { parseConfig } from '../../src/server/config.ts';
import { evaluateOrganizationJob } from '../../src/server/jobs/evaluate-organization.job.ts';
import { sendJob } from '../../src/server/jobs/job-definition.ts';
import { syncAwsIntegrationJob } from '../../src/server/jobs/sync-aws-integration.job.ts';
import { insertBudget, insertRule } from '../../src/server/modules/alerts/alert-rules.repository.ts';
import { startServer } from '../../src/server/server.ts';

/**
 * `npm start`'s server (startServer, the built-in AWS simulator, pg-boss workers) in a process of its own,
 * for bench/background-work.ts. The parent asks it, by IPC, to wait until the demo's first sync has
 * ended (`settle`), to give the demo organization 1,000 alert rules (`seed`), then to start background
 * work (`start`): a full resync of the demo integration (every billing period's fingerprint forgotten,
 * so none is skipped as unchanged) or an evaluation of the organization, queued as the app queues them
 * and run by its own workers. It answers when the job has finished.
 */
const server = await startServer(parseConfig({ ...process.env }));
const { db } = server.context.database;
const queue = server.context.queue;
if (!queue) throw new Error('the server runs no job queue');

async function demoIntegration() {
  const row = await db
    .selectFrom('integrations')
    .select(['id', 'organization_id', 'settings'])
    .where(sql<boolean>`settings->>'demo' = 'true'`)
    .executeTakeFirstOrThrow();
  return row;
}

/** 1,000 rules as bench/alerts.ts writes them (5x the Business plan's limits), on the demo's spend. */
async function seedRules() {
  const demo = await demoIntegration();
  const owner = await db
    .selectFrom('member')
    .select('userId')
    .where('organizationId', '=', demo.organization_id)
    .executeTakeFirstOrThrow();
  const services = (
    await db
      .selectFrom('cost_monthly_rollups')
      .select('service_name')
      .distinct()
      .where('integration_id', '=', demo.id)
      .orderBy('service_name')
      .execute()
  ).map((row) => row.service_name);
  const accounts = (
    await db
      .selectFrom('cost_monthly_rollups')
      .select('usage_account_id')
      .distinct()
      .where('integration_id', '=', demo.id)
      .orderBy('usage_account_id')
      .execute()
  ).map((row) => row.usage_account_id);
  const none = { account_ids: [], services: [], tag: null, providers: [] };
  const pick = <T>(list: T[], index: number) => list[index % list.length] as T;
  for (let index = 0; index < 400; index += 1) {
    await insertBudget(db, demo.organization_id, owner.userId, {
      name: `Budget ${index}`,
      amount_usd: 2000 + index * 500,
      period: pick(['monthly', 'quarterly', 'yearly'] as const, index),
      cost_basis: 'unblended',
      filter: index % 2 === 0 ? none : { ...none, services: [pick(services, index)] },
      thresholds: [
        { id: 'actual-50', percent: 50, basis: 'actual' },
        { id: 'actual-80', percent: 80, basis: 'actual' },
        { id: 'actual-100', percent: 100, basis: 'actual' },
        { id: 'forecast-100', percent: 100, basis: 'forecast' },
      ],
      paused: false,
    });
  }
  for (let index = 0; index < 300; index += 1) {
    await insertRule(db, demo.organization_id, owner.userId, {
      kind: 'cost-threshold',
      name: `Threshold ${index}`,
      settings:
        index % 2 === 0
          ? { mode: 'daily-amount', amount_usd: 200 + index * 10 }
          : { mode: 'above-trailing-average', percent: 10 + index },
      filter: index % 3 === 0 ? none : { ...none, account_ids: [pick(accounts, index)] },
      paused: false,
    });
  }
  for (let index = 0; index < 300; index += 1) {
    await insertRule(db, demo.organization_id, owner.userId, {
      kind: 'anomaly',
      name: `Anomaly ${index}`,
      settings: {
        sensitivity: pick(['low', 'medium', 'high'] as const, index),
        min_impact_usd: 25,
        dimension: 'service',
      },
      filter: none,
      paused: false,
    });
  }
  return { services: services.length, accounts: accounts.length };
}

async function waitForJob(queueName: string, id: string): Promise<{ state: string; output: unknown }> {
  for (;;) {
    const job = await queue?.getJobById(queueName, id);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state))
      return { state: job.state, output: job.output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Until no sync is queued or running: the demo's first sync reads its older months after the dashboard
 * already has data (the two newest first), and would write every fingerprint back after a resync forgot them.
 */
async function syncsSettled() {
  while ((await queue?.getQueueSize(syncAwsIntegrationJob.queue, { before: 'completed' })) !== 0)
    await new Promise((resolve) => setTimeout(resolve, 500));
  return {};
}

/** Forgets what the last sync fetched and queues a forced sync, or queues an evaluation; times the job. */
async function startBackgroundWork(work: 'resync' | 'evaluate') {
  const demo = await demoIntegration();
  const runsOfDemo = () =>
    db
      .selectFrom('ingestion_runs')
      .select(['id', 'state', 'rows_read', 'facts_written', 'billing_periods'])
      .where('integration_id', '=', demo.id)
      .execute();
  const before = new Set((await runsOfDemo()).map((run) => run.id));
  const started = performance.now();
  let id: string | null;
  let queueName: string;
  if (work === 'resync') {
    await syncsSettled();
    const settings = ((await demoIntegration()).settings ?? {}) as Record<string, unknown>;
    const { exportFingerprints: _fingerprints, costExplorer: _costExplorer, ...rest } = settings;
    await db
      .updateTable('integrations')
      .set({ settings: JSON.stringify(rest) })
      .where('id', '=', demo.id)
      .execute();
    id = await sendJob(queue as NonNullable<typeof queue>, syncAwsIntegrationJob, {
      integrationId: demo.id,
      force: true,
    });
    queueName = syncAwsIntegrationJob.queue;
  } else {
    id = await sendJob(queue as NonNullable<typeof queue>, evaluateOrganizationJob, {
      organizationId: demo.organization_id,
    });
    queueName = evaluateOrganizationJob.queue;
  }
  if (!id) throw new Error(`the ${work} job was not queued`);
  const job = await waitForJob(queueName, id);
  const seconds = (performance.now() - started) / 1000;
  const runs = (await runsOfDemo()).filter((run) => !before.has(run.id));
  return { ...job, seconds, runs };
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
process.on('message', (command: { kind: string; work?: 'resync' | 'evaluate' }) => {
  const answer = (work: () => Promise<object>) =>
    work().then(
      (result) => process.send?.({ kind: command.kind, ...result }),
      (error: Error) => process.send?.({ kind: 'error', message: error.stack ?? error.message }),
    );
  if (command.kind === 'settle') void answer(syncsSettled);
  else if (command.kind === 'seed') void answer(seedRules);
  else if (command.kind === 'start') void answer(() => startBackgroundWork(command.work ?? 'resync'));
  else if (command.kind === 'stop') void stop();
});
process.send?.({ kind: 'ready', url: server.url, database: server.context.database.kind });
