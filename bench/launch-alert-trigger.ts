/**
 * `node --import tsx bench/launch-alert-trigger.ts [runs=10]` (issue 17, decision 047): how long from a
 * launch change stored to its launch alert's outbox row, the two ways an evaluation can be started.
 *
 * - **at once**: the API destination stores the envelope and the alerts module's `onLaunchChanges`
 *   listener evaluates the organization's launch rules in the same request (what a worker node does).
 * - **through the job**: another instance of the launch-events module (no listener, as on a web node)
 *   stores it, and an `evaluate-organization` job is sent at once; a pg-boss worker of the app takes
 *   it (1 s polling) and runs the organization's whole evaluation (budgets, rules, spend reading).
 *
 * t0 is the change's `received_at`, t1 the notification's `fired_at`: both written by the database.
 * PGlite by default; TEST_DATABASE=postgres for PostgreSQL at 127.0.0.1:5432.
 */
import { randomUUID } from 'node:crypto';
import type { AwsSimulator } from '../src/aws-sim/index.ts';
import { startTestSimulator, testClock } from '../src/aws-sim/testing/test-simulator.ts';
import { simulatorAccess } from '../src/server/aws-simulator-access.ts';
import { evaluateOrganizationJob } from '../src/server/jobs/evaluate-organization.job.ts';
import { sendJob } from '../src/server/jobs/job-definition.ts';
import {
  connectSimulatedAccount,
  launchEventsModuleOf,
  viewerOf,
  waitUntil,
} from '../src/server/testing/launch-event-fixtures.ts';
import { callAs, signUpVerified } from '../src/server/testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../src/server/testing/test-app.ts';
import { printTimings } from './support/timing-summary.ts';

const RUNS = Number(process.argv[2] ?? 10);

function runInstances(accountId: string, instanceId: string) {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'AWS API Call via CloudTrail',
    source: 'aws.ec2',
    account: accountId,
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: 'us-east-1',
    resources: [],
    detail: {
      eventName: 'RunInstances',
      userIdentity: { arn: `arn:aws:iam::${accountId}:user/bench` },
      requestParameters: { instanceType: 'p4d.24xlarge' },
      responseElements: { instancesSet: { items: [{ instanceId, instanceType: 'p4d.24xlarge' }] } },
    },
  };
}

async function storedToOutboxMs(server: TestApp, eventId: string, ruleId: string): Promise<number> {
  const { db } = server.context.database;
  const fired = await waitUntil(
    () =>
      db
        .selectFrom('alert_notifications')
        .select('fired_at')
        .where('dedupe_key', '=', `launch:${ruleId}:${eventId}`)
        .executeTakeFirst(),
    (row) => row !== undefined,
  );
  const stored = await db
    .selectFrom('launch_changes')
    .select('received_at')
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return fired!.fired_at.getTime() - stored.received_at.getTime();
}

async function main() {
  let simulator: AwsSimulator | undefined;
  let server: TestApp | undefined;
  try {
    ({ simulator } = await startTestSimulator({ clock: testClock(new Date()) }));
    server = await createTestApp({
      queue: true,
      aws: { ...simulatorAccess(simulator), demo: undefined },
      env: { API_RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    const owner = await signUpVerified(server, 'owner@trigger.bench', 'Olivia Owner');
    const as = callAs(server, owner);
    await as('POST', '/api/billing/trial');
    const { organizationId } = await viewerOf(server, owner);
    const { integrationId, accountId } = await connectSimulatedAccount(server, owner, simulator, {
      name: 'Acme Corp',
    });
    const rule = await as('POST', '/api/alert-rules', {
      kind: 'launch',
      settings: { single_launch_usd_per_hour: 1 },
    });
    const ruleId = rule.json().id as string;
    const { secret } = (await as('POST', `/api/integrations/${integrationId}/launch-events/secret`)).json();
    const webNode = launchEventsModuleOf(server);
    const queue = server.context.queue!;

    const atOnce: number[] = [];
    const throughJob: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const direct = runInstances(accountId, `i-0${randomUUID().replaceAll('-', '').slice(0, 16)}`);
      const posted = await server.app.inject({
        method: 'POST',
        url: `/api/aws-events/${integrationId}`,
        headers: { 'x-spendguard-events-secret': secret },
        payload: direct,
      });
      if (posted.statusCode !== 202) throw new Error(`the API destination answered ${posted.statusCode}`);
      atOnce.push(await storedToOutboxMs(server, direct.id, ruleId));

      const queued = runInstances(accountId, `i-0${randomUUID().replaceAll('-', '').slice(0, 16)}`);
      await webNode.receiveFromApiDestination(integrationId, secret, queued);
      await sendJob(queue, evaluateOrganizationJob, { organizationId });
      throughJob.push(await storedToOutboxMs(server, queued.id, ruleId));
    }
    console.log(
      `database: ${process.env.TEST_DATABASE === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${RUNS} runs`,
    );
    printTimings('at once (onLaunchChanges, evaluateLaunches)', atOnce);
    printTimings('through the evaluate-organization job', throughJob);
  } finally {
    await server?.close();
    await simulator?.close();
  }
}

await main();
