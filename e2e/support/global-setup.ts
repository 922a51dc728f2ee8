import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher } from '../../src/server/testing/mail-catcher.ts';
import { startSlackReceiver } from '../../src/server/testing/slack-receiver.ts';
import { startWebhookReceiver } from '../../src/server/testing/webhook-receiver.ts';
import { startFakeSchedulingPage } from './fake-scheduling-page.ts';

/** Accounts with this address act as support staff (SUPPORT_EMAILS), once verified. */
export const E2E_SUPPORT_EMAIL = 'support@e2e.spendguard.test';

import { startE2eStripe } from './stripe-stand-in.ts';

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs / 1000} s`);
}

/**
 * The server syncs the demo account from the in-process simulator when it starts: the newest two months
 * first, then the eleven older ones in a second run. On the embedded database that work keeps the one
 * Node process busy, so the specs start once the whole sync is done (13 months with spend and no sync
 * running), as a person would wait for the first sync before reading numbers.
 */
async function waitForDemoSync(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const session = await fetch(`${url}/api/demo-session`, { method: 'POST', headers: { origin: url } });
  if (!session.ok) throw new Error(`POST /api/demo-session answered ${session.status}`);
  const { token } = (await session.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${url}/api/users/me`, { headers })).json()) as { user_id: string };
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  yearAgo.setUTCMonth(yearAgo.getUTCMonth() - 12);
  const year = new URLSearchParams({
    user_id: me.user_id,
    start_date: yearAgo.toISOString().slice(0, 10),
    end_date: today,
    integration: 'default',
    tag_key: 'all',
    selected_tag_values: 'All',
    is_amortized: 'false',
  });
  let seen = 'nothing yet';
  while (Date.now() < deadline) {
    const list = await fetch(`${url}/api/integrations`, { headers });
    const demo = list.ok
      ? ((await list.json()) as Array<{ is_demo: boolean; state: string }>).find((each) => each.is_demo)
      : undefined;
    const data = await fetch(`${url}/api/billing-data?${year}`, { headers });
    const months = data.ok
      ? ((await data.json()) as { buckets?: Array<{ total: number }> }).buckets
      : undefined;
    const withSpend = months?.filter((bucket) => bucket.total > 0).length ?? 0;
    seen = `state ${demo?.state}, ${withSpend} months with spend`;
    if (demo?.state === 'ready' && withSpend >= 13) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the demo account's sync did not finish within ${timeoutMs / 1000} s (${seen})`);
}

/**
 * Starts the built app as `npm start` does (after `npm run build`), on a fresh DATA_DIR, with the
 * AWS simulator in-process and the demo organization's integration syncing from it, with a real SMTP
 * server catching its mail and a stand-in for Stripe's API in test mode. Specs find them through the
 * environment.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3999);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-e2e-'));
  const mailDir = path.join(root, 'mail');
  const mail = await startMailCatcher({ mailDir });
  const schedulingPage = await startFakeSchedulingPage();
  // Alerts: a local stand-in for Slack's webhooks and Web API; the server may post only to it and Slack.
  const slackDir = path.join(root, 'slack');
  const slack = await startSlackReceiver({ postsDir: slackDir });
  // Webhooks: a receiver on 127.0.0.1 that checks signatures itself; the server may reach it
  // because the operator allows private targets here.
  const webhookDir = path.join(root, 'webhooks');
  const webhooks = await startWebhookReceiver({ postsDir: webhookDir });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stripe = await startE2eStripe(baseUrl);
  const logFile = fs.openSync(path.join(root, 'server.log'), 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // No AWS configuration: the built-in simulator runs and the demo organization syncs from it.
      AWS_SIMULATOR: 'on',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      PUBLIC_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      LOG_LEVEL: 'info',
      SCHEDULING_URL: schedulingPage.url,
      SUPPORT_EMAILS: E2E_SUPPORT_EMAIL,
      // Every spec signs people up from 127.0.0.1.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      ...stripe.env,
      SLACK_WEBHOOK_HOSTS: `hooks.slack.com,127.0.0.1:${slack.port}`,
      SLACK_API_URL: slack.apiUrl,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The usage meter reads every 5 s (its shortest) in one-minute periods (docs/decisions/104), so the
      // demo's NAT leak alerts about a minute after its first full minute.
      METER_INTERVAL_SECONDS: '5',
      METER_PERIOD_SECONDS: '60',
    },
    stdio: ['ignore', logFile, logFile],
  });
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SLACK_DIR = slackDir;
  process.env.E2E_SLACK_WEBHOOK_URL = slack.webhookUrl;
  process.env.E2E_WEBHOOK_DIR = webhookDir;
  process.env.E2E_WEBHOOK_BASE_URL = webhooks.url('');
  process.env.E2E_ROOT = root;
  process.env.E2E_BASE_URL = baseUrl;
  try {
    await waitForHealth(baseUrl, server, 90_000);
    await waitForDemoSync(baseUrl, 300_000);
  } catch (error) {
    server.kill('SIGKILL');
    await stripe.close();
    await webhooks.close();
    const log = fs.readFileSync(path.join(root, 'server.log'), 'utf8');
    throw new Error(`${(error as Error).message}\n--- server log ---\n${log.slice(-4000)}`);
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.close();
    await schedulingPage.close();
    await stripe.close();
    await slack.close();
    await webhooks.close();
    // The server's log stays beside the run's traces; its data (0.5-1 GB of database) goes.
    fs.mkdirSync('test-results', { recursive: true });
    fs.copyFileSync(path.join(root, 'server.log'), path.join('test-results', 'e2e-server.log'));
    fs.rmSync(root, { recursive: true, force: true });
  };
}
