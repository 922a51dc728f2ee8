import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../auth/auth-secret.ts';
import { createUploadIntegration, linkParts, uploadFocusSample } from '../../testing/alert-fixtures.ts';
import { type MailCatcher, startMailCatcher } from '../../testing/mail-catcher.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { type SlackReceiver, startSlackReceiver } from '../../testing/slack-receiver.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createAlertLinkTokens } from './alert-link-tokens.ts';

let server: TestApp;
let catcher: MailCatcher;
let slack: SlackReceiver;
let owner: Person;
let integrationId: string;

beforeAll(async () => {
  catcher = await startMailCatcher();
  slack = await startSlackReceiver();
  server = await createTestApp({
    env: { SMTP_URL: catcher.url, SLACK_WEBHOOK_HOSTS: `hooks.slack.com,127.0.0.1:${slack.port}` },
  });
  owner = await signUpVerified(server, 'owner@spend.test', 'Olivia Owner');
  expect((await callAs(server, owner)('POST', '/api/billing/trial')).statusCode).toBeLessThan(300);
  integrationId = await createUploadIntegration(server, owner);
});
afterAll(async () => {
  await server.close();
  await catcher.close();
  await slack.close();
});

const as = () => callAs(server, owner);
const follow = (link: string, init: { body?: string; contentType?: string } = {}) => {
  const { kind, token } = linkParts(link);
  return server.app.inject({
    method: 'POST',
    url: `/api/alert-links/${kind}/${token}`,
    headers: init.contentType ? { 'content-type': init.contentType } : {},
    payload: init.body,
  });
};

describe('a budget the uploaded spend crosses', () => {
  it('refuses a webhook URL outside Slack, and stores the real one sealed', async () => {
    const refused = await as()('PUT', '/api/slack', { webhook_url: 'https://evil.example/services/x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toContain('webhook_url');
    const saved = await as()('PUT', '/api/slack', { webhook_url: slack.webhookUrl, channel: '#finops' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ connected: true, mode: 'webhook', channel: '#finops' });
    expect(saved.json().webhook_hint).not.toContain('secret-part');
    const stored = await server.context.database.db
      .selectFrom('slack_connections')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.webhook_url_sealed).not.toContain('secret-part');
  });

  it('sends a test message to Slack', async () => {
    const response = await as()('POST', '/api/slack/test');
    expect(response.statusCode).toBe(200);
    const [post] = await slack.waitForPosts(1);
    expect(post!.kind).toBe('webhook');
    expect(JSON.stringify(post!.body.blocks)).toContain('Spendguard test message');
    slack.posts.splice(0);
  });

  it('mails the owner and posts to Slack once, with acknowledge and unsubscribe links', async () => {
    const budget = await as()('POST', '/api/budgets', { name: 'Production', amount_usd: 30 });
    expect(budget.statusCode).toBe(201);
    const upload = await uploadFocusSample(server, owner, integrationId);
    expect(upload.json()).toMatchObject({ state: 'succeeded' });

    const mail = await catcher.waitForMail('owner@spend.test', /Production/).catch((error) => {
      console.log(catcher.mails.map((m) => m.subject));
      throw error;
    });
    expect(mail.subject).toContain('reached 50%');
    const headers = mail.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/alert-links\/unsubscribe\/[^>]+>/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const [post] = await slack.waitForPosts(1);
    expect(JSON.stringify(post!.body.blocks)).toContain('/budget-alert-confirmation/');

    const history = await as()('GET', '/api/notifications');
    const [notification] = history.json().notifications;
    expect(history.json().notifications).toHaveLength(1);
    expect(notification).toMatchObject({ kind: 'budget', acknowledged_at: null });
    expect(notification.deliveries).toEqual([
      expect.objectContaining({
        channel: 'email',
        recipient: 'owner@spend.test',
        state: 'delivered',
        attempts: 1,
      }),
      expect.objectContaining({
        channel: 'slack',
        recipient: 'slack:#finops',
        state: 'delivered',
        attempts: 1,
      }),
    ]);
    const budgets = await as()('GET', '/api/budgets');
    expect(budgets.json().budgets[0].status).toMatchObject({ as_of: '2024-09-30', period_key: '2024-09' });
    expect(budgets.json().budgets[0].status.thresholds[0]).toMatchObject({
      state: 'exceeded',
      fired_at: expect.any(String),
    });
  });

  it("shows on the owner's member page what they receive and the alert they were sent", async () => {
    const members = (await as()('GET', '/api/organization')).json().members as Array<{
      user_id: string;
      slug: string;
    }>;
    const slug = members.find((member) => member.user_id === owner.userId)?.slug;
    const profile = await as()('GET', `/api/organization-members/${slug}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().alert_channels).toEqual([{ kind: 'email', address: 'owner@spend.test' }]);
    expect(profile.json().alerts).toMatchObject({ email: true, digest: 'off' });
    expect(profile.json().alerts.recent).toEqual([
      expect.objectContaining({ kind: 'budget', channel: 'email', state: 'delivered' }),
    ]);
    expect(profile.json().alerts.recent[0].title).toContain('Production');
  });

  it('does not fire again when the same data is ingested again', async () => {
    await uploadFocusSample(server, owner, integrationId);
    expect((await as()('GET', '/api/notifications')).json().notifications).toHaveLength(1);
    expect(catcher.mails.filter((mail) => /Production/.test(mail.subject))).toHaveLength(1);
    expect(slack.posts).toHaveLength(1);
  });
});

describe('a budget created after the data landed', () => {
  it('is evaluated at once, without waiting for the next ingest', async () => {
    expect((await as()('POST', '/api/budgets', { name: 'Late', amount_usd: 25 })).statusCode).toBe(201);
    await catcher.waitForMail('owner@spend.test', /Late budget reached 80%/);
    await catcher.waitForMail('owner@spend.test', /Late budget reached 50%/);
  });
});

describe('the one-click links', () => {
  const ackLink = () =>
    catcher.mails
      .find((mail) => /Production/.test(mail.subject))!
      .links.find((link) => link.includes('/budget-alert-confirmation/'))!;
  const unsubscribeLink = () =>
    catcher.mails
      .find((mail) => /Production/.test(mail.subject))!
      .links.find((link) => new URL(link).pathname.startsWith('/unsubscribe/'))!;

  it('refuses a forged token', async () => {
    const { token } = linkParts(ackLink());
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const forged = await server.app.inject({
      method: 'POST',
      url: `/api/alert-links/budget-alert-confirmation/${tampered}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().Code).toBe('InvalidLink');
  });

  it('answers 410 for an expired link', async () => {
    const { notifications } = (await as()('GET', '/api/notifications')).json();
    const monthAgo = Date.now() - 31 * 86_400_000;
    const tokens = createAlertLinkTokens(resolveAuthSecret(server.context.config), () => monthAgo);
    const expired = tokens.issue(
      'budget-alert-confirmation',
      notifications[0].id,
      { kind: 'user', id: owner.userId },
      30,
    );
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/alert-links/budget-alert-confirmation/${expired}`,
    });
    expect(response.statusCode).toBe(410);
    expect(response.json().Code).toBe('LinkExpired');
  });

  it('refuses a token used for another purpose', async () => {
    const { token } = linkParts(ackLink());
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/alert-links/unsubscribe/${token}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('acknowledges the alert once; the reused link answers 410', async () => {
    const first = await follow(ackLink());
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toContain('Acknowledged');
    const again = await follow(ackLink());
    expect(again.statusCode).toBe(410);
    expect(again.json().Code).toBe('LinkUsed');
    const notification = (await as()('GET', '/api/notifications'))
      .json()
      .notifications.find((entry: { title: string }) => entry.title.startsWith('Production'));
    expect(notification).toMatchObject({
      acknowledged_by: 'owner@spend.test',
      acknowledged_at: expect.any(String),
    });
  });

  it('unsubscribes in one click, as a mail client posts it (RFC 8058)', async () => {
    const response = await follow(unsubscribeLink(), {
      body: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(response.json()).toMatchObject({ message: expect.stringContaining('no longer receives') });
    expect((await as()('GET', '/api/notification-preferences')).json().email).toBe(false);
    const clickedLater = await follow(unsubscribeLink());
    expect(clickedLater.statusCode).toBe(200);
  });
});

describe('an added recipient (double opt-in)', () => {
  it('receives nothing until the confirmation link is followed', async () => {
    await as()('PUT', '/api/notification-preferences', {
      email: true,
      slack: true,
      digest: 'off',
      kinds: ['budget', 'cost-threshold', 'anomaly', 'idle-ec2'],
      extra_recipients: ['cfo@spend.test'],
    });
    const mail = await catcher.waitForMail('cfo@spend.test', /Confirm/);
    const link = mail.links.find((entry) => entry.includes('/confirmation/'))!;
    const confirmed = await follow(link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toContain('cfo@spend.test');
    const prefs = (await as()('GET', '/api/notification-preferences')).json();
    expect(prefs.extra_recipients).toEqual([
      { email: 'cfo@spend.test', confirmed: true, unsubscribed: false },
    ]);
  });
});
