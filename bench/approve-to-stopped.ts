/**
 * `node --import tsx bench/approve-to-stopped.ts [runs=15]` (decision 102): from "Approve" to the
 * instances stopped, for a launch of 8 p4d.24xlarge in the simulator, the three ways a person approves.
 *
 * - **app**: `POST /api/actions/:id/confirm` (an `actions:write` token confirms the same way).
 * - **mail link**: `POST /api/action-links/:token/confirm`, the confirmation page's button.
 * - **Slack**: Slack's signed `block_actions` POST for the Confirm button (decision 132), over real HTTP;
 *   Spendguard acknowledges it at once and stops the instances after, so only the simulator tells the end.
 *
 * t0 when the approval request is sent; "stopped" when the read-only role's DescribeInstances shows all
 * 8 stopped; "ledger" when GET /api/launch-ledger shows all 8 ended (the simulator's state changes
 * through the launch-events queue and the poller). The dry run (the proposal) is not timed.
 * PGlite by default; TEST_DATABASE=postgres for PostgreSQL at 127.0.0.1:5432.
 */
import os from 'node:os';
import { DescribeInstancesCommand } from '@aws-sdk/client-ec2';
import { ACTION_ROLE_NAME, type AwsSimulator } from '../src/aws-sim/index.ts';
import { simulatorClients } from '../src/aws-sim/simulator-clients.ts';
import { assumeRole, startTestSimulator, testClock } from '../src/aws-sim/testing/test-simulator.ts';
import type { ResourceActionView } from '../src/contracts/actions.ts';
import type { LaunchLedgerView } from '../src/contracts/launch-events.ts';
import { SLACK_ACTION_IDS } from '../src/contracts/slack-interactions.ts';
import { ACTION_RATE_LIMIT } from '../src/domain/resource-actions.ts';
import { simulatorAccess } from '../src/server/aws-simulator-access.ts';
import {
  connectSimulatedAccount,
  startLaunchEventPoller,
  waitUntil,
} from '../src/server/testing/launch-event-fixtures.ts';
import { callAs, signUpVerified } from '../src/server/testing/organization-fixtures.ts';
import {
  connectSlackApp,
  postSlackInteraction,
  slackButtonPress,
  slackFormOf,
} from '../src/server/testing/slack-app-fixtures.ts';
import { type SlackReceiver, startSlackReceiver } from '../src/server/testing/slack-receiver.ts';
import { createTestApp, type TestApp } from '../src/server/testing/test-app.ts';
import { printTimings } from './support/timing-summary.ts';

const RUNS = Number(process.argv[2] ?? 15);
const SIGNING_SECRET = 'approve-to-stopped-bench';
const PATHS = ['app', 'mail', 'slack'] as const;
type Path = (typeof PATHS)[number];

/** The machine's load as `uptime` prints it: other engineers' work shares these cores. */
const load = () =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${os.cpus().length} cores`;

/** The Confirm button of Slack's dry-run message, pressed by the Slack user U-OWNER, signed as Slack signs it. */
function pressSlackConfirm(baseUrl: string, slack: SlackReceiver, value: string, nowMs: number) {
  const press = slackButtonPress(slack, { userId: 'U-OWNER', actionId: SLACK_ACTION_IDS.confirm, value });
  return postSlackInteraction(baseUrl, SIGNING_SECRET, slackFormOf(press), {
    timestamp: String(Math.floor(nowMs / 1000)),
  });
}

async function main() {
  let simulator: AwsSimulator | undefined;
  let server: TestApp | undefined;
  let slack: SlackReceiver | undefined;
  try {
    console.log(`before: ${load()}`);
    slack = await startSlackReceiver();
    ({ simulator } = await startTestSimulator({ clock: testClock(new Date()) }));
    const sim = simulator;
    const serverClock = testClock(new Date());
    server = await createTestApp({
      clock: serverClock,
      queue: true,
      aws: { ...simulatorAccess(sim), demo: undefined },
      env: {
        API_RATE_LIMIT_PER_MINUTE: '1000000',
        SLACK_CLIENT_ID: 'client-1',
        SLACK_CLIENT_SECRET: 'client-secret-1',
        SLACK_API_URL: slack.apiUrl,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_WEBHOOK_HOSTS: `127.0.0.1:${slack.port}`,
      },
    });
    const owner = await signUpVerified(server, 'owner@approve.bench', 'Olivia Owner');
    const as = callAs(server, owner);
    await connectSlackApp(as);
    slack.users.set('U-OWNER', owner.email);
    const organizationId = (await as('GET', '/api/organization')).json().id as string;
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
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
    const stopped: Record<Path, number[]> = { app: [], mail: [], slack: [] };
    const ended: Record<Path, number[]> = { app: [], mail: [], slack: [] };
    for (let run = 0; run < RUNS; run += 1) {
      for (const via of PATHS) {
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
        if (via === 'slack') {
          const answer = await pressSlackConfirm(
            baseUrl,
            slack,
            `${organizationId}:${proposed.id}`,
            serverClock.now().getTime(),
          );
          if (answer.status !== 200) throw new Error(`Slack's Confirm answered ${answer.status}`);
        } else {
          const answer =
            via === 'app'
              ? await as('POST', `/api/actions/${proposed.id}/confirm`)
              : await as('POST', `/api/action-links/${token}/confirm`);
          if (answer.statusCode !== 200)
            throw new Error(`confirm answered ${answer.statusCode} ${answer.body}`);
        }
        await waitUntil(() => allStopped(ids), Boolean);
        stopped[via].push(Math.round(performance.now() - started));
        await waitUntil(() => ledgerEnded(ids), Boolean);
        ended[via].push(Math.round(performance.now() - started));
      }
      // The per-organization limit counts each proposal and run: the server's clock moves past its window.
      serverClock.advance(ACTION_RATE_LIMIT.windowMs);
    }
    console.log(
      `database: ${process.env.TEST_DATABASE === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${RUNS} runs of 8 instances per action on each path; after: ${load()}`,
    );
    const named: Record<Path, string> = {
      app: 'in the app',
      mail: 'by the mail link',
      slack: "by Slack's Confirm",
    };
    for (const via of PATHS) printTimings(`approve ${named[via]} → 8 stopped in the simulator`, stopped[via]);
    for (const via of PATHS) printTimings(`approve ${named[via]} → the ledger shows 8 ended`, ended[via]);
  } finally {
    await server?.close();
    await simulator?.close();
    await slack?.close();
  }
}

await main();
