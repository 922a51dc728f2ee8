/**
 * `npm run bench -- alerts` (issue 7): two numbers, printed; bench/README.md records them.
 *
 * 1. Latency: from the commit of an ingest to both deliveries accepted — the alert mail by a real SMTP
 *    server on loopback and the Slack message by a local webhook receiver — through the real app with
 *    pg-boss workers on PGlite. Each of the 50 runs uploads a small FOCUS file for a month later than
 *    every month before it, so the monthly budget enters a new period and fires exactly once. t0 is the
 *    ingestion run's `finished_at` (written right after the replacing transaction commits); t1 is when
 *    the later of the two servers received its message.
 * 2. Evaluation: 1,000 rules (400 budgets, 300 cost thresholds, 300 anomaly rules over 20 services)
 *    on a year of daily rollups (3 accounts x 20 services x 365 days), first pass (fires and writes
 *    the outbox) and a steady pass (nothing new to send).
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { insertBudget, insertRule } from '../src/server/modules/alerts/alert-rules.repository.ts';
import { bearer, multipartFile } from '../src/server/testing/accounts-fixtures.ts';
import { startMailCatcher } from '../src/server/testing/mail-catcher.ts';
import { callAs, signUpVerified } from '../src/server/testing/organization-fixtures.ts';
import { FOCUS_SAMPLE } from '../src/server/testing/raw-billing-samples.ts';
import { startSlackReceiver } from '../src/server/testing/slack-receiver.ts';
import { standaloneAlertEvaluation } from '../src/server/testing/standalone-alert-evaluation.ts';
import { createTestApp } from '../src/server/testing/test-app.ts';

const RUNS = Number(process.argv[2] ?? 50);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function monthsFrom(startYear: number, count: number): string[] {
  const months: string[] = [];
  for (let index = 0; months.length < count; index += 1) {
    const year = startYear + Math.floor(index / 12);
    const month = (index % 12) + 1;
    if (month === 2) continue; // the sample has days 1 to 30
    months.push(`${year}-${String(month).padStart(2, '0')}`);
  }
  return months;
}

const nextMonthStart = (ym: string) => {
  const [year, month] = ym.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/** The FOCUS sample's first 300 line items moved to another month. */
function focusFileFor(ym: string, lines: string[]): Buffer {
  const moved = lines.map((line) =>
    line.replaceAll('2024-10-01', nextMonthStart(ym)).replaceAll('2024-09-', `${ym}-`),
  );
  return Buffer.from(`${moved.join('\n')}\n`);
}

async function latency() {
  const mail = await startMailCatcher();
  const slack = await startSlackReceiver();
  const server = await createTestApp({
    queue: true,
    env: { SMTP_URL: mail.url, SLACK_WEBHOOK_HOSTS: `127.0.0.1:${slack.port}` },
  });
  const mailTimes: number[] = [];
  const slackTimes: number[] = [];
  const originalPush = mail.mails.push.bind(mail.mails);
  mail.mails.push = (...items) => {
    mailTimes.push(Date.now());
    return originalPush(...items);
  };
  const slackPush = slack.posts.push.bind(slack.posts);
  slack.posts.push = (...items) => {
    slackTimes.push(Date.now());
    return slackPush(...items);
  };
  try {
    const owner = await signUpVerified(server, 'bench@alerts.test', 'Bench Owner');
    const as = callAs(server, owner);
    await as('POST', '/api/billing/trial');
    await as('PUT', '/api/slack', { webhook_url: slack.webhookUrl, channel: '#bench' });
    await as('POST', '/api/budgets', {
      name: 'Bench',
      amount_usd: 1,
      thresholds: [{ percent: 50, basis: 'actual' }],
    });
    const integration = await as('POST', '/api/integrations', { kind: 'upload', name: 'Bench' });
    const integrationId = integration.json().id as string;
    const [header, ...rows] = fs.readFileSync(FOCUS_SAMPLE, 'utf8').trimEnd().split('\n');
    const sample = [header!, ...rows.slice(0, 300)];
    const latencies: number[] = [];
    for (const [index, ym] of monthsFrom(2019, RUNS).entries()) {
      const { payload, headers } = multipartFile('file', `focus-${ym}.csv`, focusFileFor(ym, sample));
      const mailsBefore = mailTimes.length;
      const slackBefore = slackTimes.length;
      const upload = await server.app.inject({
        method: 'POST',
        url: `/api/integrations/${integrationId}/files`,
        headers: { ...bearer(owner.token), ...headers },
        payload,
      });
      const runId = upload.json().id as string;
      const deadline = Date.now() + 60_000;
      while (
        (mailTimes.length === mailsBefore || slackTimes.length === slackBefore) &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (mailTimes.length === mailsBefore || slackTimes.length === slackBefore) {
        throw new Error(`run ${index + 1} (${ym}): the alert did not arrive`);
      }
      const run = await server.context.database.db
        .selectFrom('ingestion_runs')
        .select('finished_at')
        .where('id', '=', runId)
        .executeTakeFirstOrThrow();
      const accepted = Math.max(mailTimes[mailsBefore]!, slackTimes[slackBefore]!);
      latencies.push(accepted - run.finished_at!.getTime());
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `ingest commit -> mail and Slack accepted, ${RUNS} runs: median ${percentile(sorted, 50)} ms, ` +
        `p99 ${percentile(sorted, 99)} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms`,
    );
    console.log(
      `  mails ${mail.mails.length}, Slack posts ${slack.posts.length} (one each per run expected)`,
    );
  } finally {
    await server.close();
    await mail.close();
    await slack.close();
  }
}

async function evaluation() {
  const server = await createTestApp();
  try {
    const { context } = server;
    const { db } = context.database;
    const owner = await signUpVerified(server, 'eval@alerts.test', 'Eval Owner');
    const as = callAs(server, owner);
    await as('POST', '/api/billing/trial');
    const organizationId = (
      await db
        .selectFrom('member')
        .select('organizationId')
        .where('userId', '=', owner.userId)
        .executeTakeFirstOrThrow()
    ).organizationId;
    const integrationId = (await as('POST', '/api/integrations', { kind: 'upload', name: 'Year' })).json()
      .id as string;
    const accounts = ['111111111111', '222222222222', '333333333333'];
    const services = Array.from(
      { length: 20 },
      (_, index) => `Service ${String(index + 1).padStart(2, '0')}`,
    );
    const start = Date.UTC(2025, 0, 1);
    const rows = [];
    for (let day = 0; day < 365; day += 1) {
      const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
      for (const [a, account] of accounts.entries()) {
        for (const [s, service] of services.entries()) {
          const base = 5 + s * 3 + a;
          const weekly = new Date(date).getUTCDay() === 0 ? 0.6 : 1;
          const spike = day === 364 && s === 7 ? 8 : 1;
          const cost = (base * weekly * spike * (0.9 + ((day * 7 + s) % 20) / 100)).toFixed(6);
          rows.push({
            organization_id: organizationId,
            integration_id: integrationId,
            billing_period: `${date.slice(0, 7)}-01`,
            usage_date: date,
            provider: 'aws',
            usage_account_id: account,
            service_name: service,
            region: 'us-east-1',
            charge_type: 'Usage',
            unblended_cost: cost,
            amortized_cost: cost,
            net_cost: cost,
          });
        }
      }
    }
    // Written directly, as an ingest's swap would: the integration's row lets its removal find them (decision 068).
    await db.insertInto('cost_data_integrations').values({ integration_id: integrationId }).execute();
    for (let index = 0; index < rows.length; index += 2000) {
      await db
        .insertInto('cost_daily_rollups')
        .values(rows.slice(index, index + 2000))
        .execute();
    }
    const none = { account_ids: [], services: [], tag: null, providers: [] };
    for (let index = 0; index < 400; index += 1) {
      await insertBudget(db, organizationId, owner.userId, {
        name: `Budget ${index}`,
        amount_usd: 2000 + index * 500,
        period: (['monthly', 'quarterly', 'yearly'] as const)[index % 3]!,
        cost_basis: 'unblended',
        filter: index % 2 === 0 ? none : { ...none, services: [services[index % 20]!] },
        thresholds: [
          { id: 'actual-50', percent: 50, basis: 'actual' },
          { id: 'actual-80', percent: 80, basis: 'actual' },
          { id: 'actual-100', percent: 100, basis: 'actual' },
          { id: 'forecast-100', percent: 100, basis: 'forecast' },
        ],
        paused: false,
      });
    }
    for (let index = 0; index < 300; index += 1) {
      await insertRule(db, organizationId, owner.userId, {
        kind: 'cost-threshold',
        name: `Threshold ${index}`,
        settings:
          index % 2 === 0
            ? { mode: 'daily-amount', amount_usd: 200 + index * 10 }
            : { mode: 'above-trailing-average', percent: 10 + index },
        filter: index % 3 === 0 ? none : { ...none, account_ids: [accounts[index % 3]!] },
        paused: false,
      });
    }
    for (let index = 0; index < 300; index += 1) {
      await insertRule(db, organizationId, owner.userId, {
        kind: 'anomaly',
        name: `Anomaly ${index}`,
        settings: {
          sensitivity: (['low', 'medium', 'high'] as const)[index % 3],
          min_impact_usd: 25,
          dimension: 'service',
        },
        filter: none,
        paused: false,
      });
    }
    const evaluator = standaloneAlertEvaluation(context);
    let t = performance.now();
    const first = await evaluator.evaluateOrganization(organizationId);
    const firstMs = performance.now() - t;
    t = performance.now();
    const steady = await evaluator.evaluateOrganization(organizationId);
    const steadyMs = performance.now() - t;
    console.log(
      `1,000 rules over ${rows.length.toLocaleString('en-US')} daily rollup rows (365 days): first pass ${firstMs.toFixed(0)} ms ` +
        `(${first.fired} alerts fired, ${first.deliveries} mails to the outbox), steady pass ${steadyMs.toFixed(0)} ms (${steady.fired} fired)`,
    );
  } finally {
    await server.close();
  }
}

await latency();
await evaluation();
