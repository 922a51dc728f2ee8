import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { multipartFile, STRONG_PASSWORD } from './testing/accounts-fixtures.ts';
import { type ChatTestSocket, isMessageFrame, openChatSocket } from './testing/chat-socket-client.ts';
import { type MailCatcher, startMailCatcher } from './testing/mail-catcher.ts';
import { FOCUS_SAMPLE } from './testing/raw-billing-samples.ts';
import { type ServerProcess, startServerProcess } from './testing/server-process.ts';
import { type SlackReceiver, startSlackReceiver } from './testing/slack-receiver.ts';
import { openTestDatabase, testDatabaseKind } from './testing/test-database.ts';
import { until } from './testing/until.ts';

const PUBLIC_URL = 'http://localhost:3000';

// Web and worker nodes are separate processes on one database: PGlite opens in one process only, so
// this layout exists on PostgreSQL alone (npm run test:pg); on PGlite the suite is skipped.
describe.runIf(testDatabaseKind === 'postgres')(
  'two web nodes and one worker on one PostgreSQL (skipped on PGlite, which one process opens)',
  () => {
    let database: Database;
    let catcher: MailCatcher;
    let slack: SlackReceiver;
    let dataDir = '';
    const nodes: ServerProcess[] = [];
    const sockets: ChatTestSocket[] = [];
    let webA = '';
    let webB = '';
    let worker: ServerProcess | undefined;
    let token = '';
    let integrationId = '';

    const start = (role: 'web' | 'worker') => {
      const node = startServerProcess(dataDir, {
        SPENDGUARD_ROLE: role,
        DATABASE_URL: database.connectionString ?? '',
        BETTER_AUTH_SECRET: 'one-secret-for-every-node-of-this-test',
        PUBLIC_URL,
        SMTP_URL: catcher.url,
        SLACK_WEBHOOK_HOSTS: `127.0.0.1:${slack.port}`,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      });
      nodes.push(node);
      return node;
    };
    const api = (base: string, method: string, url: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method,
        headers: {
          origin: PUBLIC_URL,
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const upload = async (base: string) => {
      const { payload, headers } = multipartFile('file', 'focus_sample.csv', fs.readFileSync(FOCUS_SAMPLE));
      const response = await fetch(`${base}/api/integrations/${integrationId}/files`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, authorization: `Bearer ${token}`, ...headers },
        body: payload,
      });
      expect(response.status).toBeLessThan(300);
      return ((await response.json()) as { id: string }).id;
    };
    const endedRun = (runId: string) =>
      until(async () => {
        const state = await runState(runId);
        return ['queued', 'running'].includes(state) ? undefined : state;
      });
    const runState = async (runId: string) =>
      (
        await database.db
          .selectFrom('ingestion_runs')
          .select('state')
          .where('id', '=', runId)
          .executeTakeFirstOrThrow()
      ).state;
    /** pg-boss jobs of a queue, by state. */
    const jobsOf = async (queue: string) =>
      (
        await sql<{ state: string; retry_count: number }>`
        select state, retry_count from pgboss.job where name = ${queue}`.execute(database.db)
      ).rows;

    beforeAll(async () => {
      database = await openTestDatabase();
      catcher = await startMailCatcher();
      slack = await startSlackReceiver();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-nodes-'));
      // Both start at once on the empty database: they migrate in turn (schema-setup.ts).
      [webA, webB] = await Promise.all([start('web').url, start('web').url]);

      const signUp = await fetch(`${webA}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Olivia Owner', email: 'owner@nodes.test', password: STRONG_PASSWORD }),
      });
      expect(signUp.status).toBe(200);
      const account = (await signUp.json()) as { token: string; user: { id: string } };
      token = account.token;
      await database.db
        .updateTable('user')
        .set({ emailVerified: true })
        .where('id', '=', account.user.id)
        .execute();
      expect((await api(webB, 'POST', '/api/billing/trial')).status).toBeLessThan(300);
      const integration = await api(webA, 'POST', '/api/integrations', { kind: 'upload', name: 'Uploads' });
      expect(integration.status).toBe(201);
      integrationId = ((await integration.json()) as { id: string }).id;
      // Sealed by a web node with the shared secret; a worker opens it to post the alert.
      const webhook = { webhook_url: slack.webhookUrl, channel: '#finops' };
      expect((await api(webA, 'PUT', '/api/slack', webhook)).status).toBe(200);
      expect((await api(webB, 'POST', '/api/budgets', { name: 'Production', amount_usd: 30 })).status).toBe(
        201,
      );
    }, 240_000);

    afterAll(async () => {
      await Promise.all(sockets.map((socket) => socket.close()));
      for (const node of nodes) node.child.kill('SIGTERM');
      await Promise.all(nodes.map((node) => node.exited));
      await catcher?.close();
      await slack?.close();
      await database?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('a chat message sent to one web node reaches a socket connected to the other', async () => {
      const onA = await openChatSocket(webA, { token });
      const onB = await openChatSocket(webB, { token });
      sockets.push(onA, onB);
      onA.send({ message: 'Sent to node A' });
      await onB.waitFor(
        (frame) => isMessageFrame(frame) && frame.some((message) => message.comment === 'Sent to node A'),
        30_000,
      );
    });

    it('a web node never ingests: an upload stays queued until a worker runs', async () => {
      const runId = await upload(webA);
      expect(await runState(runId)).toBe('queued');
      // The ingest job waits in pg-boss; a web node has no handler for it (nor for any other job).
      await until(async () => ((await jobsOf('ingest-billing-files')).length === 1 ? true : undefined));
      const chatToken = ((await (await fetch(`${webB}/api/chat-token`)).json()) as { token: string }).token;
      expect(chatToken).toBeTruthy();
      expect(await jobsOf('ingest-billing-files')).toEqual([{ state: 'created', retry_count: 0 }]);
      expect(await runState(runId)).toBe('queued');

      worker = start('worker');
      await worker.url;
      expect(await endedRun(runId)).toBe('succeeded');
    });

    it('an upload through the other web node is ingested once, by the worker', async () => {
      const runId = await upload(webB);
      expect(await endedRun(runId)).toBe('succeeded');
      const runs = await database.db
        .selectFrom('ingestion_runs')
        .select(['state'])
        .where('integration_id', '=', integrationId)
        .execute();
      expect(runs.map((run) => run.state)).toEqual(['succeeded', 'succeeded']);
      // pg-boss marks a job completed just after its handler returns.
      const jobs = await until(async () => {
        const all = await jobsOf('ingest-billing-files');
        return all.every((job) => job.state === 'completed') ? all : undefined;
      });
      expect(jobs).toEqual([
        { state: 'completed', retry_count: 0 },
        { state: 'completed', retry_count: 0 },
      ]);
    });

    it('the budget alert is mailed and posted to Slack once, by the worker, though both ingests evaluated it', async () => {
      const mail = await catcher.waitForMail('owner@nodes.test', /Production/, 60_000);
      expect(mail.subject).toContain('reached 50%');
      // Every evaluation and delivery queued so far has run before the mails are counted.
      await until(async () => {
        const pending = await sql<{ count: string }>`
        select count(*) as count from pgboss.job
        where name in ('evaluate-organization', 'alert-delivery') and state in ('created', 'retry', 'active')`.execute(
          database.db,
        );
        return pending.rows[0]?.count === '0' ? true : undefined;
      });
      const deliveries = await database.db
        .selectFrom('alert_deliveries')
        .select(['channel', 'state', 'attempts'])
        .orderBy('channel')
        .execute();
      expect(deliveries).toEqual([
        { channel: 'email', state: 'delivered', attempts: 1 },
        { channel: 'slack', state: 'delivered', attempts: 1 },
      ]);
      expect(catcher.mails.filter((caught) => /Production/.test(caught.subject))).toHaveLength(1);
      expect(slack.posts).toHaveLength(1);
      expect(JSON.stringify(slack.posts[0]?.body)).toContain('Production');
    });

    it('a worker node answers its health check and nothing else', async () => {
      const base = await (worker as ServerProcess).url;
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: { kind: 'postgres' } });
      for (const [method, url] of [
        ['GET', '/api/integrations'],
        ['POST', '/api/auth/sign-in/email'],
        ['GET', '/api/chat-token'],
        ['GET', '/'],
      ] as const) {
        const response = await fetch(`${base}${url}`, { method, headers: { origin: PUBLIC_URL } });
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(await response.json()).toMatchObject({ Code: 'NotFound' });
      }
    });
  },
);
