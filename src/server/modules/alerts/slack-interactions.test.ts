import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { SLACK_ACTION_IDS } from '../../../contracts/slack-interactions.ts';
import { signUpPerson } from '../../testing/accounts-fixtures.ts';
import { type LaunchAlertWorld, startLaunchAlertWorld } from '../../testing/launch-alert-fixtures.ts';
import { startLaunchEventPoller, waitUntil } from '../../testing/launch-event-fixtures.ts';
import { callAs, invitationCodeOf } from '../../testing/organization-fixtures.ts';
import { instanceStateIn } from '../../testing/simulated-instance-state.ts';
import { postSlackInteraction, slackButtonPress, slackFormOf } from '../../testing/slack-app-fixtures.ts';
import type { SlackPost, SlackReceiver } from '../../testing/slack-receiver.ts';
import { slackSignatureOf } from './slack-signature.ts';

/**
 * Slack's interactive buttons (decision 132): the launch alert posted by the Slack app carries a Stop
 * button; Slack's signed interaction shows the dry run, Confirm stops the instances through the action
 * role as the member Slack names by address, and the alert's Slack thread hears what was done. Every
 * request goes over real HTTP, signed as Slack signs it.
 */
const SIGNING_SECRET = 'slack-signing-secret-for-tests';
let world: LaunchAlertWorld;
let simulator: AwsSimulator;
let slack: SlackReceiver;
let baseUrl: string;
let accountId: string;

beforeAll(async () => {
  world = await startLaunchAlertWorld({
    ownerEmail: 'owner@slack-buttons.test',
    integrationName: 'Acme',
    slackAppSigningSecret: SIGNING_SECRET,
  });
  ({ simulator, slack, accountId } = world);
  await world.enableActions();
  const rule = await callAs(world.server, world.owner)('POST', '/api/alert-rules', {
    name: 'GPU launches',
    kind: 'launch',
    settings: { single_launch_usd_per_hour: 50 },
  });
  expect(rule.statusCode, rule.body).toBe(201);
  await startLaunchEventPoller(world.server, world.integrationId);
  baseUrl = await world.server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const nowSeconds = () => String(Math.floor(world.server.context.clock.now().getTime() / 1000));

/** A press of a button; `press` tells apart two presses of the same button by the same person. */
function interaction(userId: string, actionId: string, value: string, press = '') {
  return slackButtonPress(slack, { userId, actionId, value, suffix: press });
}

/** Posts a form body to the interactions route as Slack does, signed unless told otherwise. */
async function postInteraction(
  body: string,
  signed: { timestamp?: string; signature?: string } = {},
): Promise<{ status: number; json: () => Promise<Record<string, unknown>> }> {
  const timestamp = signed.timestamp ?? nowSeconds();
  const answer = await postSlackInteraction(baseUrl, SIGNING_SECRET, body, { ...signed, timestamp });
  return { status: answer.status, json: async () => (await answer.json()) as Record<string, unknown> };
}

/** The owner invites a member without a team (who may approve nothing); they sign up through the mail. */
async function joinAsMember(email: string): Promise<void> {
  const invite = await callAs(world.server, world.owner)('POST', '/api/organization-users', {
    users: [{ email, role: 'member' }],
  });
  expect(invite.statusCode, invite.body).toBe(201);
  const mail = await waitUntil(
    async () => world.catcher.mails.find((one) => one.to.includes(email)),
    (found) => found !== undefined,
  );
  const link = mail?.links.find((one) => new URL(one).pathname === '/sign-up') ?? '';
  await signUpPerson(world.server, { email, name: 'Mia Member', invitation: invitationCodeOf(link) });
}

/** The next answer posted to an interaction's response_url. */
async function responseTo(path: string): Promise<SlackPost> {
  const post = await waitUntil(
    async () => slack.posts.find((one) => one.path === path),
    (found) => found !== undefined,
  );
  return post as SlackPost;
}

describe('the launch alert posted by the Slack app', () => {
  let instanceIds: string[];
  let alertPost: SlackPost;
  let stopValue: string;

  it('carries a Stop button that Spendguard answers, not a link', async () => {
    instanceIds = simulator.launchGpuBurst({ accountId, count: 8 }).instanceIds;
    alertPost = (await waitUntil(
      async () =>
        slack.posts.find(
          (one) => one.kind === 'chat.postMessage' && JSON.stringify(one.body).includes('Launch: '),
        ),
      (found) => found !== undefined,
    )) as SlackPost;
    const buttons = (
      alertPost.body.blocks as Array<{ type: string; elements?: Array<Record<string, unknown>> }>
    ).flatMap((block) => block.elements ?? []);
    const stop = buttons.find((button) => button.action_id === SLACK_ACTION_IDS.showDryRun);
    expect(stop, JSON.stringify(buttons)).toBeDefined();
    expect(stop?.url).toBeUndefined();
    expect(stop?.text).toMatchObject({ text: 'Stop 8 (dry run first)' });
    stopValue = String(stop?.value);
    expect(stopValue).toMatch(/^[^:]+:[0-9a-f-]{36}$/);
  });

  it('refuses a request Slack did not sign, an old one and an oversized one, with {Code, Message}', async () => {
    const body = slackFormOf(interaction('U1', SLACK_ACTION_IDS.confirm, stopValue));
    const forged = await postInteraction(body, { signature: `v0=${'0'.repeat(64)}` });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({
      Code: 'InvalidSignature',
      Message: expect.stringContaining('X-Slack-Signature'),
    });
    const old = String(Number(nowSeconds()) - 6 * 60);
    const replayed = await postInteraction(body, {
      timestamp: old,
      signature: slackSignatureOf(SIGNING_SECRET, old, body),
    });
    expect(replayed.status).toBe(401);
    expect((await replayed.json()).Message).toContain('5 minutes');
    const unsigned = await fetch(`${baseUrl}/api/slack/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(unsigned.status).toBe(401);
    const huge = await postInteraction(`payload=${'x'.repeat(70 * 1024)}`);
    expect(huge.status).toBe(413);
    const noPayload = await postInteraction('something=else');
    expect(noPayload.status).toBe(400);
    expect((await noPayload.json()).Message).toContain('payload');
    for (const id of instanceIds) expect(await instanceStateIn(simulator, id)).toBe('running');
  });

  it('answers a Slack user it cannot match to a member with the signed confirmation link, and why', async () => {
    slack.users.set('U-STRANGER', 'stranger@elsewhere.test');
    const accepted = await postInteraction(
      slackFormOf(interaction('U-STRANGER', SLACK_ACTION_IDS.showDryRun, stopValue)),
    );
    expect(accepted.status).toBe(200);
    const answer = await responseTo(`/actions/T1/U-STRANGER/${SLACK_ACTION_IDS.showDryRun}`);
    expect(answer.body.text).toContain('stranger@elsewhere.test is not a member of this organization');
    expect(answer.body.text).toContain('/actions/confirm/');

    slack.grantUsersScope(false);
    await postInteraction(slackFormOf(interaction('U-OLDAPP', SLACK_ACTION_IDS.confirm, stopValue)));
    const noScope = await responseTo(`/actions/T1/U-OLDAPP/${SLACK_ACTION_IDS.confirm}`);
    slack.grantUsersScope(true);
    expect(noScope.body.text).toContain('users:read.email');
    expect(noScope.body.text).toContain('/actions/confirm/');
    for (const id of instanceIds) expect(await instanceStateIn(simulator, id)).toBe('running');
  });

  it('shows the owner the dry run, stops the instances on Confirm, and tells the alert’s thread', async () => {
    slack.users.set('U-OWNER', 'Owner@Slack-Buttons.test');
    await postInteraction(slackFormOf(interaction('U-OWNER', SLACK_ACTION_IDS.showDryRun, stopValue)));
    const dryRun = await responseTo(`/actions/T1/U-OWNER/${SLACK_ACTION_IDS.showDryRun}`);
    expect(dryRun.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(dryRun.body.text).toContain('8 of 8 would be stopped. Nothing changes until you confirm.');
    expect(JSON.stringify(dryRun.body.blocks)).toContain(`${instanceIds[0]}\`: running → stopped`);
    for (const id of instanceIds) expect(await instanceStateIn(simulator, id)).toBe('running');

    const pressed = Date.now();
    const confirm = await postInteraction(
      slackFormOf(interaction('U-OWNER', SLACK_ACTION_IDS.confirm, stopValue)),
    );
    expect(confirm.status).toBe(200);
    const done = await responseTo(`/actions/T1/U-OWNER/${SLACK_ACTION_IDS.confirm}`);
    const stopped = await waitUntil(
      async () => Promise.all(instanceIds.map((id) => instanceStateIn(simulator, id))),
      (states) => states.every((state) => /^stopp(ing|ed)$/.test(state ?? '')),
    );
    process.stdout.write(
      `Slack Confirm → 8 instances stopping in the simulator: ${Date.now() - pressed} ms\n`,
    );
    expect(stopped).toHaveLength(8);
    expect(done.body).toMatchObject({ replace_original: true });
    expect(done.body.text).toContain('Stopped 8 of 8 (done). Their volumes stay and still bill.');

    const threadReply = await waitUntil(
      async () =>
        slack.posts.find((one) => one.kind === 'chat.postMessage' && one.body.thread_ts !== undefined),
      (found) => found !== undefined,
    );
    expect(threadReply?.body.thread_ts).toBeDefined();
    expect(threadReply?.body.text).toContain(
      `Olivia Owner stopped 8 of 8 instances in ${accountId} (us-east-1) from Slack.`,
    );
    const log = await callAs(world.server, world.owner)('GET', '/api/action-log');
    const entries = (log.json() as { entries: Array<{ approved_via: string; outcome: string }> }).entries;
    expect(
      entries.filter((entry) => entry.approved_via === 'slack' && entry.outcome === 'changed'),
    ).toHaveLength(8);

    await postInteraction(slackFormOf(interaction('U-OWNER', SLACK_ACTION_IDS.keep, stopValue)));
    const late = await responseTo(`/actions/T1/U-OWNER/${SLACK_ACTION_IDS.keep}`);
    expect(late.body.text).toContain('only a waiting proposal can be kept');
  });

  it('offers Undo under the stop, and refuses it to a member whose team does not cover the instances', async () => {
    const done = await responseTo(`/actions/T1/U-OWNER/${SLACK_ACTION_IDS.confirm}`);
    const buttons = (done.body.blocks as Array<{ elements?: Array<Record<string, unknown>> }>).flatMap(
      (block) => block.elements ?? [],
    );
    expect(buttons).toEqual([
      expect.objectContaining({
        action_id: SLACK_ACTION_IDS.undo,
        value: stopValue,
        text: { type: 'plain_text', text: 'Undo (start them again)' },
      }),
    ]);
    expect(done.body.text).toContain('Undo starts them again; the actions log keeps every step: ');

    await joinAsMember('member@slack-buttons.test');
    slack.users.set('U-MEMBER', 'member@slack-buttons.test');
    await postInteraction(slackFormOf(interaction('U-MEMBER', SLACK_ACTION_IDS.undo, stopValue)));
    const refused = await responseTo(`/actions/T1/U-MEMBER/${SLACK_ACTION_IDS.undo}`);
    expect(refused.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(refused.body.text).toContain("is outside your team's scope");

    await postInteraction(slackFormOf(interaction('U-STRANGER', SLACK_ACTION_IDS.undo, stopValue)));
    const stranger = await responseTo(`/actions/T1/U-STRANGER/${SLACK_ACTION_IDS.undo}`);
    expect(stranger.body.text).toContain('stranger@elsewhere.test is not a member of this organization');
    expect(stranger.body.text).toContain('Undo it from the actions log in Spendguard instead: http');
    for (const id of instanceIds) expect(await instanceStateIn(simulator, id)).toBe('stopped');
  });

  it('starts the instances again on Undo, once however often it is pressed, and tells the thread', async () => {
    const [first, second] = await Promise.all(
      ['/1', '/2'].map((press) =>
        postInteraction(slackFormOf(interaction('U-OWNER', SLACK_ACTION_IDS.undo, stopValue, press))),
      ),
    );
    expect([first?.status, second?.status]).toEqual([200, 200]);
    const answers = await Promise.all(
      ['/1', '/2'].map((press) => responseTo(`/actions/T1/U-OWNER/${SLACK_ACTION_IDS.undo}${press}`)),
    );
    const started = answers.find((one) => String(one.body.text).startsWith('Started '));
    const nothing = answers.find((one) => String(one.body.text).startsWith('Nothing to do: '));
    expect(started?.body).toMatchObject({ replace_original: true });
    expect(started?.body.text).toContain('Started 8 of 8 again (done).');
    expect(JSON.stringify(started?.body.blocks)).toContain(`${instanceIds[0]}\`: stopped → pending`);
    expect(JSON.stringify(started?.body.blocks)).not.toContain(SLACK_ACTION_IDS.undo);
    expect(nothing?.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    const states = await waitUntil(
      async () => Promise.all(instanceIds.map((id) => instanceStateIn(simulator, id))),
      (all) => all.every((state) => /^(pending|running)$/.test(state ?? '')),
    );
    expect(states).toHaveLength(8);

    const log = await callAs(world.server, world.owner)('GET', '/api/action-log');
    const entries = (
      log.json() as { entries: Array<{ approved_via: string; operation: string; outcome: string }> }
    ).entries;
    expect(entries.filter((entry) => entry.operation === 'start')).toHaveLength(8);
    expect(entries.filter((entry) => entry.operation === 'start').map((entry) => entry.approved_via)).toEqual(
      Array(8).fill('slack'),
    );
    const threadReply = await waitUntil(
      async () =>
        slack.posts.find(
          (one) =>
            one.kind === 'chat.postMessage' &&
            one.body.thread_ts !== undefined &&
            String(one.body.text).includes(' started '),
        ),
      (found) => found !== undefined,
    );
    expect(threadReply?.body.text).toContain(
      `Olivia Owner started 8 of 8 instances again in ${accountId} (us-east-1) from Slack.`,
    );

    await postInteraction(slackFormOf(interaction('U-OWNER', SLACK_ACTION_IDS.undo, stopValue, '/3')));
    const third = await responseTo(`/actions/T1/U-OWNER/${SLACK_ACTION_IDS.undo}/3`);
    expect(third.body.text).toBe(
      'Nothing to do: this action was undone already: there is nothing to put back.',
    );
  });
});
