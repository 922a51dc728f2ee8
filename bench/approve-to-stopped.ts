/**
 * `node --import tsx bench/approve-to-stopped.ts [runs=10]` (decision 102): from "Approve" to the
 * instances stopped, for a launch of 8 p4d.24xlarge in the simulator, the two ways a person approves.
 *
 * - **app**: `POST /api/actions/:id/confirm` (an `actions:write` token confirms the same way).
 * - **mail link**: `POST /api/action-links/:token/confirm`, the confirmation page's button.
 *
 * t0 when the approval request is sent; "stopped" when the read-only role's DescribeInstances shows all
 * 8 stopped; "ledger" when GET /api/launch-ledger shows all 8 ended (the simulator's state changes
 * through the launch-events queue and the poller). The dry run (the proposal) is not timed.
 * PGlite by default; TEST_DATABASE=postgres for PostgreSQL at 127.0.0.1:5432.
 */
import { DescribeInstancesCommand } from '@aws-sdk/client-ec2';
import { ACTION_ROLE_NAME, type AwsSimulator } from '../src/aws-sim/index.ts';
import { simulatorClients } from '../src/aws-sim/simulator-clients.ts';
import { assumeRole, startTestSimulator, testClock } from '../src/aws-sim/testing/test-simulator.ts';
import type { ResourceActionView } from '../src/contracts/actions.ts';
import type { LaunchLedgerView } from '../src/contracts/launch-events.ts';
import { ACTION_RATE_LIMIT } from '../src/domain/resource-actions.ts';
import { simulatorAccess } from '../src/server/aws-simulator-access.ts';
import {
  connectSimulatedAccount,
  startLaunchEventPoller,
  waitUntil,
} from '../src/server/testing/launch-event-fixtures.ts';
import { callAs, signUpVerified } from '../src/server/testing/organization-fixtures.ts';
import { createTestApp, type TestApp } from '../src/server/testing/test-app.ts';
import { printTimings } from './support/timing-summary.ts';

const RUNS = Number(process.argv[2] ?? 10);

async function main() {
  let simulator: AwsSimulator | undefined;
  let server: TestApp | undefined;
  try {
    ({ simulator } = await startTestSimulator({ clock: testClock(new Date()) }));
    const sim = simulator;
    const serverClock = testClock(new Date());
    server = await createTestApp({
      clock: serverClock,
      queue: true,
      aws: { ...simulatorAccess(sim), demo: undefined },
      env: { API_RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    const owner = await signUpVerified(server, 'owner@approve.bench', 'Olivia Owner');
    const as = callAs(server, owner);
    const { integrationId, accountId } = await connectSimulatedAccount(server, owner, sim, { name: 'Acme' });
    await as('PUT', `/api/integrations/${integrationId}/action-role`, {
      role_arn: `arn:aws:iam::${accountId}:role/${ACTION_ROLE_NAME}`,
    });
    await startLaunchEventPoller(server, integrationId);
    const reader = simulatorClients(sim, {
      credentials: await assumeRole(sim, sim.company.demoRoleArn, sim.company.demoExternalId),
    }).ec2;
    const allStopped = async (ids: string[]) => {
      const answer = await reader.send(new DescribeInstancesCommand({ InstanceIds: ids }));
      const states = (answer.Reservations ?? []).flatMap((r) => r.Instances ?? []).map((i) => i.State?.Name);
      return states.length === ids.length && states.every((state) => state === 'stopped');
    };
    const ledgerEnded = async (ids: string[]) => {
      const view = (await as('GET', '/api/launch-ledger')).json() as LaunchLedgerView;
      return view.rows.filter((row) => ids.includes(row.resource_id) && !row.running).length === ids.length;
    };
    const timings = {
      app: [] as number[],
      mail: [] as number[],
      appLedger: [] as number[],
      mailLedger: [] as number[],
    };
    for (let run = 0; run < RUNS; run += 1) {
      for (const via of ['app', 'mail'] as const) {
        const ids = sim.launchGpuBurst({ accountId, count: 8 }).instanceIds;
        const proposed = (
          await as('POST', '/api/actions', {
            integration_id: integrationId,
            kind: 'stop-instances',
            region: 'us-east-1',
            instance_ids: ids,
          })
        ).json() as ResourceActionView;
        const token = new URL(proposed.confirmation_link ?? '').pathname.split('/').pop();
        const started = performance.now();
        const answer =
          via === 'app'
            ? await as('POST', `/api/actions/${proposed.id}/confirm`)
            : await as('POST', `/api/action-links/${token}/confirm`);
        if (answer.statusCode !== 200)
          throw new Error(`confirm answered ${answer.statusCode} ${answer.body}`);
        await waitUntil(() => allStopped(ids), Boolean);
        timings[via].push(Math.round(performance.now() - started));
        await waitUntil(() => ledgerEnded(ids), Boolean);
        timings[via === 'app' ? 'appLedger' : 'mailLedger'].push(Math.round(performance.now() - started));
      }
      // The per-organization limit counts each proposal and run: the server's clock moves past its window.
      serverClock.advance(ACTION_RATE_LIMIT.windowMs);
    }
    console.log(
      `database: ${process.env.TEST_DATABASE === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${RUNS} runs of 8 instances`,
    );
    printTimings('approve in the app → 8 stopped in the simulator', timings.app);
    printTimings('approve by the mail link → 8 stopped in the simulator', timings.mail);
    printTimings('approve in the app → the ledger shows 8 ended', timings.appLedger);
    printTimings('approve by the mail link → the ledger shows 8 ended', timings.mailLedger);
  } finally {
    await server?.close();
    await simulator?.close();
  }
}

await main();
