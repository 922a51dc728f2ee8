import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { isoDayInTimeZone } from '../../src/domain/calendar-days.ts';
import { buildApp } from '../../src/server/app.ts';
import { systemClock } from '../../src/server/clock.ts';
import { parseConfig } from '../../src/server/config.ts';
import type { AppContext } from '../../src/server/context.ts';
import { prepareDatabaseSchema } from '../../src/server/schema-setup.ts';
import { openConfiguredDatabase } from '../../src/server/server.ts';
import { ACCOUNT_TEAM, generateLargeTenant, largeTenantShapeOf, TAG_TEAM } from './large-tenant-facts.ts';

/**
 * The large tenant of issue 18 in its own process, on PGlite (a data folder) or PostgreSQL
 * (BENCH_DATABASE_URL). An owner on the Business trial (36 months visible), one integration holding the
 * generated facts, and two members: one in a team scoped to two accounts, one in a team scoped to two
 * `team` tag pairs and one `project` pair. The app runs without the answer cache
 * (BILLING_DATA_CACHE_ENTRIES=0): every request computes its answer. Tells the parent its URL and the
 * three people's sessions; stops on `{ kind: 'stop' }`.
 *
 * BENCH_DATA_DIR (PGlite) or a BENCH_DATABASE_URL that already holds the tenant is reused as it is
 * (new migrations applied): the generation is skipped and the people sign in.
 * LARGE_TENANT_MONTHS shrinks the history (for the size at which PostgreSQL pays off);
 * LARGE_TENANT_RESOURCES sets the resources (1,500 by default, one per account and service pair).
 */
const PASSWORD = 'Correct-Horse-42';
const PEOPLE = {
  owner: 'owner@large-tenant.test',
  accounts: 'accounts-member@large-tenant.test',
  tags: 'tags-member@large-tenant.test',
};

const shape = largeTenantShapeOf(process.env);
const keepDataDir = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = process.env.BENCH_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-large-'));
fs.mkdirSync(dataDir, { recursive: true });
const config = parseConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  LOG_LEVEL: 'warn',
  ANALYTICS_SINK: 'off',
  API_RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_RATE_LIMIT_PER_IP: '1000',
  BILLING_DATA_CACHE_ENTRIES: '0',
});
const { database, unlock } = await openConfiguredDatabase(config);
const log = pino({ level: 'warn' });
await prepareDatabaseSchema({ config, database, log, clock: systemClock });
const context: AppContext = { config, database, log, clock: systemClock };
const app = await buildApp(context);
const { db } = database;

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const response = await app.inject({
    method,
    url,
    payload,
    headers: { origin: config.publicUrl, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown>;
}

async function signIn(email: string) {
  const body = (await call('POST', '/api/auth/sign-in/email', undefined, { email, password: PASSWORD })) as {
    token: string;
    user: { id: string };
  };
  return { token: body.token, userId: body.user.id };
}

/** Invites a member and signs them up through the mailed link, as the sign-up page does. */
async function invitedMember(ownerToken: string, email: string) {
  await call('POST', '/api/organization-users', ownerToken, { users: [{ email, role: 'member' }] });
  const mail = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const link = mail.text_body.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === '/sign-up');
  const invitation = new URL(link ?? 'http://x').searchParams.get('invitation') ?? '';
  const body = (await call('POST', '/api/auth/sign-up/email', undefined, {
    name: email.split('@')[0],
    email,
    password: PASSWORD,
    invitation,
  })) as { token: string; user: { id: string } };
  return { token: body.token, userId: body.user.id };
}

const today = isoDayInTimeZone(new Date(), 'UTC');
const existing = await db
  .selectFrom('user')
  .select('id')
  .where('email', '=', PEOPLE.owner)
  .executeTakeFirst();
let facts: number;
let seedSeconds = 0;
let people: Record<keyof typeof PEOPLE, { token: string; userId: string }>;
if (existing) {
  people = {
    owner: await signIn(PEOPLE.owner),
    accounts: await signIn(PEOPLE.accounts),
    tags: await signIn(PEOPLE.tags),
  };
  const counted = await db
    .selectFrom('cost_daily_facts')
    .select((eb) => eb.fn.countAll<string>().as('facts'))
    .executeTakeFirstOrThrow();
  facts = Number(counted.facts);
} else {
  const owner = (await call('POST', '/api/auth/sign-up/email', undefined, {
    name: 'Large Finance',
    email: PEOPLE.owner,
    password: PASSWORD,
  })) as { token: string; user: { id: string } };
  await db.updateTable('user').set({ emailVerified: true }).where('id', '=', owner.user.id).execute();
  await call('POST', '/api/billing/trial', owner.token);
  const integration = (await call('POST', '/api/integrations', owner.token, {
    kind: 'upload',
    name: 'Large tenant',
  })) as { id: string };
  const me = (await call('GET', '/api/users/me', owner.token)) as { organization: { id: string } };
  const started = Date.now();
  facts = await generateLargeTenant(
    db,
    { organizationId: me.organization.id, integrationId: integration.id },
    today,
    shape,
    (period) => process.stderr.write(`${period} `),
  );
  seedSeconds = (Date.now() - started) / 1000;
  process.stderr.write('\n');
  const accounts = await invitedMember(owner.token, PEOPLE.accounts);
  const tags = await invitedMember(owner.token, PEOPLE.tags);
  await call('POST', '/api/teams', owner.token, {
    name: 'Two accounts',
    member_ids: [accounts.userId],
    scope: { account_ids: ACCOUNT_TEAM, tags: [] },
  });
  await call('POST', '/api/teams', owner.token, {
    name: 'Tag pairs',
    member_ids: [tags.userId],
    scope: { account_ids: [], tags: TAG_TEAM },
  });
  people = { owner: { token: owner.token, userId: owner.user.id }, accounts, tags };
}

await app.listen({ host: '127.0.0.1', port: 0 });
const urlOf = (server: FastifyInstance) => {
  const address = server.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

async function stop() {
  await app.close();
  await database.close();
  unlock();
  if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('message', (command: { kind: string }) => {
  if (command.kind === 'stop') void stop();
});
// The parent gone (killed, crashed): nothing is left running.
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
const ready = {
  kind: 'ready',
  database: database.kind,
  url: urlOf(app),
  people,
  today,
  facts,
  seedSeconds,
};
// Forked by the benchmark: tell it; started by hand (to profile it): print it.
if (process.send) process.send(ready);
else console.log(JSON.stringify(ready));
