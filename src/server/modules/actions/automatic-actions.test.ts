import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { type TestClock, testClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { ResourceActionView } from '../../../contracts/actions.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import { runAutomaticActionsJob } from '../../jobs/run-automatic-actions.job.ts';
import { type LaunchAlertWorld, startLaunchAlertWorld } from '../../testing/launch-alert-fixtures.ts';
import { startLaunchEventPoller, waitUntil } from '../../testing/launch-event-fixtures.ts';
import type { CaughtMail, MailCatcher } from '../../testing/mail-catcher.ts';
import { callAs, type Person } from '../../testing/organization-fixtures.ts';
import { instanceStateIn } from '../../testing/simulated-instance-state.ts';
import type { TestApp } from '../../testing/test-app.ts';

/**
 * A launch rule's automatic policy (decision 121), through the real SDK against the simulator, real
 * SMTP and the worker's queue: 15 minutes after the alert, the stop it proposed runs by itself unless
 * someone kept the instances; in dry-run mode it only records what it would have stopped.
 */
let world: LaunchAlertWorld;
let clock: TestClock;
let simulator: AwsSimulator;
let server: TestApp;
let catcher: MailCatcher;
let owner: Person;
let accountId: string;
let ruleId: string;

const as = () => callAs(server, owner);
const launchMails = () => catcher.mails.filter((mail) => mail.subject.startsWith('[Spendguard] Launch: '));
const replies = () => catcher.mails.filter((mail) => mail.subject.startsWith('Re: [Spendguard] Launch: '));

beforeAll(async () => {
  clock = testClock(new Date());
  world = await startLaunchAlertWorld({
    ownerEmail: 'owner@automatic-stop.test',
    integrationName: 'Sandbox',
    clock,
  });
  ({ simulator, server, catcher, owner, accountId } = world);
  await world.enableActions();
  const rule = await as()('POST', '/api/alert-rules', {
    name: 'Sandbox GPUs',
    kind: 'launch',
    settings: {
      single_launch_usd_per_hour: 50,
      auto_stop: { mode: 'on', after_minutes: 15, account_ids: [accountId] },
    },
  });
  expect(rule.statusCode, rule.body).toBe(201);
  ruleId = rule.json().id;
  await startLaunchEventPoller(server, world.integrationId);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const stateOf = (instanceId: string) => instanceStateIn(simulator, instanceId);

/** Launches `count` GPUs and answers their ids, the alert mail and the token of its confirmation link. */
async function launchAndReadAlert(count: number) {
  const before = launchMails().length;
  const { instanceIds } = simulator.launchGpuBurst({ accountId, count });
  const mails = await waitUntil(
    async () => launchMails(),
    (all) => all.length === before + 1,
  );
  const mail = mails.at(-1) as CaughtMail;
  const link = mail.links.find((one) => one.includes('/actions/confirm/')) ?? '';
  return { instanceIds, mail, token: link.split('/actions/confirm/')[1] ?? '' };
}

/** The scheduled pass through the worker's queue, until pg-boss says it completed. */
async function runPolicyPass() {
  const queue = server.context.queue;
  if (!queue) throw new Error('the test app runs a queue');
  const jobId = await sendJob(queue, runAutomaticActionsJob, {});
  if (!jobId) throw new Error('the pass was not queued');
  const job = await waitUntil(
    () => queue.getJobById(runAutomaticActionsJob.queue, jobId),
    (found) => found?.state === 'completed' || found?.state === 'failed',
  );
  expect(job?.state).toBe('completed');
}

const actionOfLink = async (token: string) =>
  (await as()('GET', `/api/action-links/${token}`)).json() as ResourceActionView;

describe('a launch rule with an automatic stop', () => {
  it('says in the alert mail when it stops them, waits its 15 minutes, then stops them and tells the thread', async () => {
    const { instanceIds, mail, token } = await launchAndReadAlert(8);
    const proposal = await actionOfLink(token);
    expect(proposal.automatic).toMatchObject({ mode: 'on', rule: 'Sandbox GPUs' });
    const at = new Date(proposal.automatic?.at ?? '');
    expect(mail.decoded).toContain(
      `Spendguard stops them at ${at.toISOString().slice(11, 16)} UTC by this rule's automatic policy, unless someone keeps them running`,
    );

    clock.advance(14 * 60_000);
    await runPolicyPass();
    expect((await actionOfLink(token)).status).toBe('proposed');
    for (const id of instanceIds) expect(await stateOf(id)).toBe('running');

    clock.advance(60_000);
    await runPolicyPass();
    const ran = (await as()('GET', `/api/actions/${proposal.id}`)).json() as ResourceActionView;
    expect(ran.status).toBe('done');
    expect(ran.decided_via).toBe('policy');
    expect(new Set(ran.results.map((entry) => entry.approved_via))).toEqual(new Set(['policy']));
    expect(ran.results[0]?.approved_by_name).toBe("Spendguard's automatic policy of rule “Sandbox GPUs”");
    for (const id of instanceIds) expect(await stateOf(id)).toMatch(/^stopp(ing|ed)$/);

    const [reply] = (await waitUntil(
      async () => replies(),
      (all) => all.length === 1,
    )) as [CaughtMail];
    expect(reply.decoded).toContain(
      `Spendguard's automatic policy of rule “Sandbox GPUs” stopped 8 of 8 instances in ${accountId} (us-east-1) as nobody kept them running.`,
    );

    // A second pass finds nothing left to do: the proposal was claimed once.
    await runPolicyPass();
    const log = (await as()('GET', '/api/action-log')).json() as { entries: unknown[] };
    expect(log.entries).toHaveLength(8);
  });

  it('does nothing once someone keeps them running through the alert’s link, and tells the thread', async () => {
    const { instanceIds, token } = await launchAndReadAlert(4);
    const kept = await as()('POST', `/api/action-links/${token}/keep`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ status: 'kept', kept_at: expect.any(String) });
    const again = await as()('POST', `/api/action-links/${token}/confirm`);
    expect(again.statusCode).toBe(409);

    clock.advance(20 * 60_000);
    await runPolicyPass();
    expect((await actionOfLink(token)).status).toBe('kept');
    for (const id of instanceIds) expect(await stateOf(id)).toBe('running');
    const reply = await waitUntil(
      async () => replies().find((one) => one.decoded.includes('kept these 4 running')),
      (found) => found !== undefined,
    );
    expect(reply?.decoded).toContain(
      "Olivia Owner kept these 4 running through the alert's link: the rule's automatic policy will not act.",
    );
  });

  it('in dry-run mode records what it would have stopped and stops nothing', async () => {
    const changed = await as()('PATCH', `/api/alert-rules/${ruleId}`, {
      settings: {
        single_launch_usd_per_hour: 50,
        auto_stop: { mode: 'dry-run', after_minutes: 15, account_ids: [] },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { instanceIds, mail, token } = await launchAndReadAlert(3);
    expect(mail.decoded).toContain("This rule's automatic policy is a dry run");

    clock.advance(15 * 60_000);
    await runPolicyPass();
    const action = await actionOfLink(token);
    expect(action.status).toBe('dry-run');
    expect(action.results.map((entry) => entry.outcome)).toEqual([
      'would-change',
      'would-change',
      'would-change',
    ]);
    for (const id of instanceIds) expect(await stateOf(id)).toBe('running');
    const reply = await waitUntil(
      async () => replies().find((one) => one.decoded.includes('would have stopped')),
      (found) => found !== undefined,
    );
    expect(reply?.decoded).toContain(
      `Spendguard's automatic policy of rule “Sandbox GPUs” would have stopped 3 of 3 in ${accountId} (us-east-1): a dry run, nothing was changed.`,
    );
  });

  it('leaves a launch in an account the policy does not name to a person', async () => {
    const changed = await as()('PATCH', `/api/alert-rules/${ruleId}`, {
      settings: {
        single_launch_usd_per_hour: 50,
        auto_stop: { mode: 'on', after_minutes: 15, account_ids: ['999988887777'] },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { instanceIds, mail, token } = await launchAndReadAlert(3);
    expect(mail.decoded).not.toContain('automatic policy');
    expect((await actionOfLink(token)).automatic).toBeNull();
    clock.advance(30 * 60_000);
    await runPolicyPass();
    expect((await actionOfLink(token)).status).toBe('proposed');
    for (const id of instanceIds) expect(await stateOf(id)).toBe('running');
  });

  it('refuses a policy it cannot follow, naming the field', async () => {
    const refused = await as()('PATCH', `/api/alert-rules/${ruleId}`, {
      settings: { single_launch_usd_per_hour: 50, auto_stop: { mode: 'on', after_minutes: 2 } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toMatch(/auto_stop\.after_minutes: at least 5 minutes/);
    const other = await as()('POST', '/api/actions/00000000-0000-4000-8000-000000000000/keep');
    expect(other.statusCode).toBe(404);
  });
});
