import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { addDays, isoDayInTimeZone, monthStart } from '../../src/domain/calendar-days.ts';
import { buildApp } from '../../src/server/app.ts';
import { systemClock } from '../../src/server/clock.ts';
import { parseConfig } from '../../src/server/config.ts';
import type { AppContext } from '../../src/server/context.ts';
import { startQueue, stopQueue } from '../../src/server/jobs/queue.ts';
import { createCostDataService } from '../../src/server/modules/cost-data/cost-data.service.ts';
import { createIntegrationsService } from '../../src/server/modules/integrations/integrations.service.ts';
import { prepareDatabaseSchema } from '../../src/server/schema-setup.ts';
import { openConfiguredDatabase } from '../../src/server/server.ts';

/**
 * The tenant of the billing-data benchmark (issue 5), in its own process: one year of daily facts over
 * 3 accounts, 80 services and 20 values of a `team` tag, ingested through the cost-data service. It
 * serves three apps on the same database — both caches; the answer cache with the session and
 * permission reads made on every request (as before decision 052); no answer cache — and tells the parent
 * their URLs and a session to call them with.
 */
const ACCOUNTS = ['111111111111', '222222222222', '333333333333'];
const SERVICES = Array.from(
  { length: 80 },
  (_, index) => `AWS Service ${String(index + 1).padStart(2, '0')}`,
);
const TEAMS = Array.from({ length: 20 }, (_, index) => `team-${String(index + 1).padStart(2, '0')}`);
const USAGE_TYPES = ['Usage', 'Requests'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-bench-billing-'));
const env = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  LOG_LEVEL: 'warn',
  ANALYTICS_SINK: 'off',
  API_RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_RATE_LIMIT_PER_IP: '1000',
};

function writeYearOfFacts(file: string, today: string): number {
  const out = fs.openSync(file, 'w');
  fs.writeSync(
    out,
    'ChargePeriodStart,BilledCost,EffectiveCost,BillingCurrency,ChargeCategory,ServiceName,ProviderName,BillingAccountId,SubAccountId,RegionId,x_UsageType,Tags\n',
  );
  let rows = 0;
  for (let back = 364; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    const lines: string[] = [];
    for (const [a, account] of ACCOUNTS.entries())
      for (const [s, service] of SERVICES.entries())
        for (const [u, usageType] of USAGE_TYPES.entries()) {
          const cost = ((s + 1) * (a + 1) * (u + 1) * (1 + (back % 7) / 10)) / 7;
          // Every fifth service carries no team: the "untagged" share.
          const tags =
            s % 5 === 4 ? '{}' : `{"team":"${TEAMS[s % TEAMS.length]}","env":"${a === 0 ? 'prod' : 'dev'}"}`;
          lines.push(
            `${day} 00:00:00,${cost.toFixed(10)},${(cost * 0.93).toFixed(10)},USD,Usage,${service},AWS,${ACCOUNTS[0]},${account},us-east-1,${usageType},"${tags.replaceAll('"', '""')}"`,
          );
          rows += 1;
        }
    fs.writeSync(out, `${lines.join('\n')}\n`);
  }
  fs.closeSync(out);
  return rows;
}

const config = parseConfig(env);
const { database, unlock } = await openConfiguredDatabase(config);
const log = pino({ level: 'warn' });
await prepareDatabaseSchema({ config, database, log, clock: systemClock });
// With its job queue, as `npm start` runs: GET /api/health checks the database and the queue.
const queue = await startQueue(database, (error) => log.error(error));
const context: AppContext = { config, database, log, queue, clock: systemClock };
const cached = await buildApp(context);
const uncached = await buildApp({
  ...context,
  queue: undefined,
  config: { ...config, billingDataCacheEntries: 0 },
});
// As before decision 052: answers cached, the session and permission reads made on every request.
const readsEveryRequest = await buildApp({
  ...context,
  queue: undefined,
  config: { ...config, permissionCacheMs: 0 },
});

const signUp = await cached.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  headers: { origin: config.publicUrl },
  payload: { name: 'Bench Finance', email: 'bench@example.com', password: 'Correct-Horse-42' },
});
const { token, user } = signUp.json() as { token: string; user: { id: string } };
const authorization = `Bearer ${token}`;
await database.db.updateTable('user').set({ emailVerified: true }).where('id', '=', user.id).execute();
// The Business trial shows 36 months of history: the whole year is visible.
await cached.inject({ method: 'POST', url: '/api/billing/trial', headers: { authorization } });
const integration = (
  await cached.inject({
    method: 'POST',
    url: '/api/integrations',
    headers: { authorization },
    payload: { kind: 'upload', name: 'Large tenant' },
  })
).json() as { id: string };
const today = isoDayInTimeZone(new Date(), 'UTC');
const file = path.join(dataDir, 'year.csv');
const started = Date.now();
const rows = writeYearOfFacts(file, today);
const costData = createCostDataService(database.db, context.log);
const me = (await cached.inject({ url: '/api/users/me', headers: { authorization } })).json() as {
  organization: { id: string };
};
const run = await costData.createRun({
  organizationId: me.organization.id,
  integrationId: integration.id,
  trigger: 'bench',
  files: ['year.csv'],
});
const finished = await createIntegrationsService(context, costData).runIngestion({
  runId: run.id,
  files: [{ path: file, label: 'year.csv' }],
  removeAfter: false,
});
if (finished.state !== 'succeeded') throw new Error(JSON.stringify(finished.error));
const seedSeconds = (Date.now() - started) / 1000;

await cached.listen({ host: '127.0.0.1', port: 0 });
await uncached.listen({ host: '127.0.0.1', port: 0 });
await readsEveryRequest.listen({ host: '127.0.0.1', port: 0 });
const urlOf = (app: typeof cached) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

process.on('message', async (command: { kind: string }) => {
  if (command.kind !== 'stop') return;
  // Let the last requests autocannon left in flight finish before the database goes.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await uncached.close();
  await readsEveryRequest.close();
  await cached.close();
  await stopQueue(queue, 5_000);
  await database.close();
  unlock();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
process.send?.({
  kind: 'ready',
  database: database.kind,
  cachedUrl: urlOf(cached),
  uncachedUrl: urlOf(uncached),
  readsEveryRequestUrl: urlOf(readsEveryRequest),
  authorization,
  userId: user.id,
  today,
  monthStart: monthStart(today),
  facts: rows,
  seedSeconds,
});
