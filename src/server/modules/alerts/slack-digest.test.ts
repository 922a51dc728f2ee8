import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDigestJob } from '../../jobs/alert-digest.job.ts';
import { sendJob } from '../../jobs/job-definition.ts';
import { bearer } from '../../testing/accounts-fixtures.ts';
import { createUploadIntegration, uploadFocusSample } from '../../testing/alert-fixtures.ts';
import { waitUntil } from '../../testing/launch-event-fixtures.ts';
import { type MailCatcher, startMailCatcher } from '../../testing/mail-catcher.ts';
import {
  callAs,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { type SlackReceiver, startSlackReceiver } from '../../testing/slack-receiver.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { until } from '../../testing/until.ts';

/**
 * The Slack channel's digest, the whole path: the channel connected by its incoming webhook chooses the
 * daily digest; the scheduled digest job puts the organization's digest in the outbox, and the delivery
 * workers post it to the local Slack receiver, once a day. The choice goes through budgets as code too.
 */
let server: TestApp;
let slack: SlackReceiver;
let catcher: MailCatcher;
let owner: Person;

beforeAll(async () => {
  slack = await startSlackReceiver();
  catcher = await startMailCatcher();
  server = await createTestApp({
    queue: true,
    env: { SMTP_URL: catcher.url, SLACK_WEBHOOK_HOSTS: `hooks.slack.com,127.0.0.1:${slack.port}` },
  });
  owner = await signUpVerified(server, 'owner@slack-digest.test', 'Olivia Owner');
  await startBusinessTrial(server, owner);
  const integrationId = await createUploadIntegration(server, owner);
  expect((await uploadFocusSample(server, owner, integrationId)).statusCode).toBeLessThan(300);
  // A worker reads the upload: the digest has a bill to speak of once its run has succeeded.
  await until(async () => {
    const status = await callAs(server, owner)('GET', `/api/integrations/${integrationId}/status`);
    const state = (status.json() as { latest_run?: { state: string } }).latest_run?.state;
    if (state === 'failed') throw new Error(`the upload failed: ${status.body}`);
    return state === 'succeeded' ? state : undefined;
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await slack.close();
  await catcher.close();
});

const as = () => callAs(server, owner);
const digestPosts = () =>
  slack.posts.filter((post) => String(post.body.text ?? '').startsWith('Spendguard daily digest'));

async function runDigestJob() {
  const queue = server.context.queue;
  if (!queue) throw new Error('the test app runs a queue');
  const jobId = await sendJob(queue, alertDigestJob, {});
  const job = await waitUntil(
    () => queue.getJobById(alertDigestJob.queue, jobId ?? ''),
    (found) => found?.state === 'completed' || found?.state === 'failed',
  );
  expect(job?.state).toBe('completed');
}

describe("the Slack channel's digest", () => {
  it('is off until chosen, and refuses a period it does not know, naming the field', async () => {
    const connected = await as()('PUT', '/api/slack', { webhook_url: slack.webhookUrl, channel: '#finops' });
    expect(connected.statusCode).toBe(200);
    expect(connected.json().digest).toBe('off');
    await runDigestJob();
    expect(digestPosts()).toEqual([]);
    const refused = await as()('PUT', '/api/slack', { digest: 'hourly' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toMatch(/^digest/);
  });

  it("posts the organization's daily digest to the channel once a day, keeping the channel's alerts", async () => {
    const saved = await as()('PUT', '/api/slack', { digest: 'daily', alert_kinds: ['budget'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ digest: 'daily', channel: '#finops', alert_kinds: ['budget'] });
    await runDigestJob();
    const [post] = await until(async () => (digestPosts().length > 0 ? digestPosts() : undefined));
    expect(post!.kind).toBe('webhook');
    expect(post!.body.text).toMatch(/^Spendguard daily digest: \$20\.52 month to date/);
    const blocks = post!.body.blocks as Array<{ type: string; text?: { text: string } }>;
    expect(blocks[0]).toMatchObject({ type: 'header' });
    expect(blocks[1]!.text!.text).toMatch(/month to date/);
    expect(JSON.stringify(blocks)).not.toContain('"action_id":"acknowledge"');
    await runDigestJob();
    const deliveries = await server.context.database.db
      .selectFrom('alert_deliveries')
      .select(['channel', 'state'])
      .where('channel', '=', 'slack')
      .execute();
    expect(deliveries).toEqual([expect.objectContaining({ channel: 'slack' })]);
    expect(digestPosts()).toHaveLength(1);
  });

  it('is set and exported through budgets as code', async () => {
    const exported = await as()('GET', '/api/config');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toMatch(/digest: daily/);
    const weekly = exported.body.replace(/digest: daily/, 'digest: weekly');
    const applied = await server.app.inject({
      method: 'POST',
      url: '/api/config/apply',
      payload: weekly,
      headers: { ...bearer(owner.token), 'content-type': 'application/yaml' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await as()('GET', '/api/slack')).json().digest).toBe('weekly');
  });
});
