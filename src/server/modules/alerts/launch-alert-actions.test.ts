import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import type { ResourceActionView } from '../../../contracts/actions.ts';
import { type LaunchAlertWorld, startLaunchAlertWorld } from '../../testing/launch-alert-fixtures.ts';
import { startLaunchEventPoller, waitUntil } from '../../testing/launch-event-fixtures.ts';
import type { CaughtMail, MailCatcher } from '../../testing/mail-catcher.ts';
import { callAs, type Person } from '../../testing/organization-fixtures.ts';
import { instanceStateIn } from '../../testing/simulated-instance-state.ts';
import type { SlackReceiver } from '../../testing/slack-receiver.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';

/**
 * The launch alert carries its stop (decision 111): eight GPUs launched, the alert mail names a
 * single-use link to the confirmation page, the Slack webhook post carries it as a button; the page's
 * POST stops them through the action role, and the alert mail's thread gets a reply saying so.
 */
let world: LaunchAlertWorld;
let simulator: AwsSimulator;
let server: TestApp;
let catcher: MailCatcher;
let slack: SlackReceiver;
let owner: Person;
let integrationId: string;
let accountId: string;
let teams: WebhookReceiver;

const launchMails = () => catcher.mails.filter((mail) => mail.subject.startsWith('[Spendguard] Launch: '));
const replies = () => catcher.mails.filter((mail) => mail.subject.startsWith('Re: [Spendguard] Launch: '));

beforeAll(async () => {
  teams = await startWebhookReceiver();
  world = await startLaunchAlertWorld({
    ownerEmail: 'owner@launch-actions.test',
    integrationName: 'Acme',
    env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  ({ simulator, server, catcher, slack, owner, integrationId, accountId } = world);
  const as = callAs(server, owner);
  await world.enableActions();
  const endpoint = await as('POST', '/api/webhooks', {
    kind: 'teams',
    url: teams.url('/teams/launches'),
    description: 'Launches channel',
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  const rule = await as('POST', '/api/alert-rules', {
    name: 'GPU launches',
    kind: 'launch',
    settings: { single_launch_usd_per_hour: 50 },
  });
  expect(rule.statusCode, rule.body).toBe(201);
  await startLaunchEventPoller(server, integrationId);
}, 60_000);
afterAll(async () => {
  await world?.close();
  await teams?.close();
});

const stateOf = (instanceId: string) => instanceStateIn(simulator, instanceId);

describe('the launch alert carries its stop', () => {
  let instanceIds: string[];
  let mail: CaughtMail;
  let token: string;

  it('mails a single-use link to the confirmation page and posts it to the Slack webhook and Teams', async () => {
    instanceIds = simulator.launchGpuBurst({ accountId, count: 8 }).instanceIds;
    [mail] = (await waitUntil(
      async () => launchMails(),
      (mails) => mails.length === 1,
    )) as [CaughtMail];
    const link = mail.links.find((one) => one.includes('/actions/confirm/'));
    expect(link, mail.decoded).toBeDefined();
    expect(mail.decoded).toContain('Stop these 8 instances: ');
    expect(mail.decoded).toContain('nothing stops until you confirm there');
    token = (link ?? '').split('/actions/confirm/')[1] ?? '';
    const post = await waitUntil(
      async () => slack.posts.find((one) => JSON.stringify(one.body).includes('Launch: ')),
      (found) => found !== undefined,
    );
    expect(JSON.stringify(post?.body)).toContain(`/actions/confirm/${token}`);
    const card = await waitUntil(
      async () => teams.received.find((one) => JSON.stringify(one.body).includes('Launch: ')),
      (found) => found !== undefined,
    );
    const cardActions = (
      (card?.body ?? {}) as {
        attachments: Array<{ content: { actions: Array<{ title: string; url: string }> } }>;
      }
    ).attachments[0]?.content.actions;
    expect(cardActions).toContainEqual(
      expect.objectContaining({
        title: 'Stop 8 (dry run first)',
        url: expect.stringContaining(`/actions/confirm/${token}`),
      }),
    );
    for (const id of instanceIds) expect(await stateOf(id)).toBe('running');
  });

  it('shows the dry run on GET without acting, and stops them on the page’s POST, once', async () => {
    const shown = await callAs(server, owner)('GET', `/api/action-links/${token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const action = shown.json() as ResourceActionView;
    expect(action).toMatchObject({ kind: 'stop-instances', status: 'proposed' });
    expect(action.notification_id).not.toBeNull();
    expect(
      action.steps
        .filter((step) => step.outcome === 'change')
        .map((step) => step.resource_id)
        .sort(),
    ).toEqual([...instanceIds].sort());
    for (const id of instanceIds) expect(await stateOf(id)).toBe('running');

    const confirmed = await callAs(server, owner)('POST', `/api/action-links/${token}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as ResourceActionView).status).toBe('done');
    for (const id of instanceIds) expect(await stateOf(id)).toMatch(/^stopp(ing|ed)$/);
    const again = await callAs(server, owner)('POST', `/api/action-links/${token}/confirm`);
    expect(again.statusCode).toBe(410);
  });

  it('replies in the alert mail’s thread with what was done', async () => {
    const [reply] = (await waitUntil(
      async () => replies(),
      (mails) => mails.length === 1,
    )) as [CaughtMail];
    const messageId = /^Message-ID: (<alert-[^>]+>)/im.exec(mail.raw)?.[1];
    expect(messageId).toBeDefined();
    expect(reply.raw).toMatch(new RegExp(`^In-Reply-To: ${messageId}`, 'im'));
    expect(reply.raw).toMatch(new RegExp(`^References: ${messageId}`, 'im'));
    expect(reply.to).toEqual(['owner@launch-actions.test']);
    expect(reply.decoded).toContain(
      `Olivia Owner stopped 8 of 8 instances in ${accountId} (us-east-1) through the alert's link.`,
    );
    expect(reply.decoded).toContain(`${instanceIds[0]}: running → stopping`);
  });
});
