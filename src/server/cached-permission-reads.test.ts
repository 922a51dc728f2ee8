import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDayInTimeZone, monthEnd, monthStart } from '../domain/calendar-days.ts';
import { buildApp } from './app.ts';
import { type CachedReads, createCachedReads } from './auth/cached-reads.ts';
import { bearer, multipartFile, STRONG_PASSWORD } from './testing/accounts-fixtures.ts';
import { callAs, inviteNewPerson, type Person } from './testing/organization-fixtures.ts';
import { type OrganizationWorld, startOrganizationWorld } from './testing/organization-world.ts';

/**
 * Decision 052: each node keeps sessions, memberships, plans and team scopes it read for at most a second.
 * Node A is the one a change is made on; node B shares its database (as app nodes share PostgreSQL) with
 * a cache of its own. Both caches run on a clock the test moves, so "within a second" needs no waiting.
 */
const WEB_ACCOUNT = '111111111111';
const DATA_ACCOUNT = '222222222222';
const WEB_COST = 10.25;
const DATA_COST = 3.5;
const today = isoDayInTimeZone(new Date(), 'UTC');

let clock = 0;
const nodeReads = (): CachedReads => createCachedReads({ ttlMs: 1_000, now: () => clock });
/** A second passes on both nodes' clocks. */
const aSecondLater = () => {
  clock += 1_000;
};

let { server, owner, stranger } = {} as OrganizationWorld;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
let webTeamId: string;

function focusCsv(): Buffer {
  const header =
    'ChargePeriodStart,BillingPeriodStart,BilledCost,EffectiveCost,BillingCurrency,ChargeCategory,ServiceName,ProviderName,BillingAccountId,SubAccountId,RegionId,Tags';
  const line = (account: string, cost: number) =>
    `${today} 00:00:00,${monthStart(today)} 00:00:00,${cost},${cost},USD,Usage,AWS Lambda,AWS,${WEB_ACCOUNT},${account},us-east-1,"{}"`;
  return Buffer.from(`${header}\n${line(WEB_ACCOUNT, WEB_COST)}\n${line(DATA_ACCOUNT, DATA_COST)}\n`);
}

async function uploadFacts(person: Person): Promise<void> {
  const created = await callAs(server, person)('POST', '/api/integrations', { kind: 'upload', name: 'AWS' });
  const { payload, headers } = multipartFile('file', 'focus.csv', focusCsv());
  const uploaded = await nodeA.inject({
    method: 'POST',
    url: `/api/integrations/${created.json().id}/files`,
    headers: { ...bearer(person.token), ...headers },
    payload,
  });
  expect(uploaded.json().state).toBe('succeeded');
}

/** The person's dashboard for this month, as one node answers it. */
function dashboard(node: FastifyInstance, person: Person) {
  const query = new URLSearchParams({
    user_id: person.userId,
    start_date: monthStart(today),
    end_date: monthEnd(today),
    integration: 'default',
    tag_key: 'all',
    selected_tag_values: 'All',
    is_amortized: 'false',
  });
  return node.inject({ method: 'GET', url: `/api/billing-data?${query}`, headers: bearer(person.token) });
}

/** A new member of the owner's organization in the Web team, whose scope is the web account. */
async function webTeamMember(email: string): Promise<Person> {
  const member = await inviteNewPerson(server, owner, { email, role: 'member', teamId: webTeamId });
  for (const node of [nodeA, nodeB]) {
    const data = (await dashboard(node, member)).json();
    expect(data).toMatchObject({ scoped: true, total: WEB_COST });
  }
  return member;
}

beforeAll(async () => {
  ({ server, owner, stranger } = await startOrganizationWorld({
    trials: ['owner'],
    app: { cachedReads: nodeReads() },
  }));
  nodeA = server.app;
  nodeB = await buildApp(server.context, { cachedReads: nodeReads() });
  await nodeB.ready();
  await uploadFacts(owner);
  await uploadFacts(stranger);
  const team = await callAs(server, owner)('POST', '/api/teams', {
    name: 'Web',
    member_ids: [],
    scope: { account_ids: [WEB_ACCOUNT], tags: [] },
  });
  webTeamId = team.json().id;
}, 60_000);
afterAll(async () => {
  await nodeB?.close();
  await server?.close();
});

describe('what a node read about the caller is at most a second old (decision 052)', () => {
  it('a sign-out ends the session on its node at once, and on every node within a second', async () => {
    const signIn = await nodeA.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: STRONG_PASSWORD },
    });
    const session: Person = { ...owner, token: signIn.json().token };
    expect((await dashboard(nodeA, session)).statusCode).toBe(200);
    expect((await dashboard(nodeB, session)).statusCode).toBe(200);

    const signOut = await nodeA.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: bearer(session.token),
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect((await dashboard(nodeA, session)).statusCode).toBe(401);
    // Node B still holds the session it read less than a second ago; a second later it reads again.
    expect((await dashboard(nodeB, session)).statusCode).toBe(200);
    aSecondLater();
    expect((await dashboard(nodeB, session)).statusCode).toBe(401);
    expect((await dashboard(nodeB, owner)).statusCode).toBe(200);
  });

  it("a refused or anonymous write does not empty what a node keeps: it changed no one's permissions", async () => {
    const signIn = await nodeA.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: owner.email, password: STRONG_PASSWORD },
    });
    const session: Person = { ...owner, token: signIn.json().token };
    expect((await dashboard(nodeB, session)).statusCode).toBe(200);
    await nodeA.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: bearer(session.token),
      payload: {},
    });
    const anonymous = [
      await nodeB.inject({ method: 'POST', url: '/api/nothing-here', payload: {} }),
      await nodeB.inject({
        method: 'POST',
        url: '/api/analytics/page-views',
        payload: { path: '/', query: '' },
      }),
      await nodeB.inject({ method: 'DELETE', url: `/api/teams/${webTeamId}` }),
    ];
    expect(anonymous.map((answer) => answer.statusCode)).toEqual([404, 202, 401]);
    // Node B still holds the session it read: none of those emptied its cache.
    expect((await dashboard(nodeB, session)).statusCode).toBe(200);
    aSecondLater();
    expect((await dashboard(nodeB, session)).statusCode).toBe(401);
  });

  it("an integration renamed on one node is named so in every node's kept dashboard within a second", async () => {
    for (const node of [nodeA, nodeB]) expect((await dashboard(node, owner)).statusCode).toBe(200);
    const id = (await dashboard(nodeA, owner)).json().integration.id;
    const renamed = await nodeA.inject({
      method: 'PATCH',
      url: `/api/integrations/${id}`,
      headers: bearer(owner.token),
      payload: { name: 'Production AWS' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await dashboard(nodeA, owner)).json().integration.name).toBe('Production AWS');
    aSecondLater();
    expect((await dashboard(nodeB, owner)).json().integration.name).toBe('Production AWS');
  });

  it('a new role takes effect on the next request: a member made admin sees the whole organization', async () => {
    const member = await webTeamMember('promoted@acme.test');
    const promoted = await callAs(server, owner)('PATCH', `/api/organization-users/${member.userId}`, {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect((await dashboard(nodeA, member)).json()).toMatchObject({
      scoped: false,
      total: WEB_COST + DATA_COST,
    });
    aSecondLater();
    expect((await dashboard(nodeB, member)).json()).toMatchObject({
      scoped: false,
      total: WEB_COST + DATA_COST,
    });
  });

  it("a team's new scope takes effect on the next request of its members", async () => {
    const member = await webTeamMember('rescoped@acme.test');
    const changed = await callAs(server, owner)('PATCH', `/api/teams/${webTeamId}`, {
      scope: { account_ids: [DATA_ACCOUNT], tags: [] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await dashboard(nodeA, member)).json()).toMatchObject({ scoped: true, total: DATA_COST });
    aSecondLater();
    expect((await dashboard(nodeB, member)).json()).toMatchObject({ scoped: true, total: DATA_COST });
    await callAs(server, owner)('PATCH', `/api/teams/${webTeamId}`, {
      scope: { account_ids: [WEB_ACCOUNT], tags: [] },
    });
    aSecondLater();
  });

  it('someone removed from the organization no longer sees its spend on the next request', async () => {
    const member = await webTeamMember('removed@acme.test');
    const removed = await callAs(server, owner)('DELETE', `/api/remove-user?user_id=${member.userId}`);
    expect(removed.statusCode).toBe(204);
    // They are left with an organization of their own, which has no integration yet.
    expect((await dashboard(nodeA, member)).json().Code).toBe('NoIntegration');
    aSecondLater();
    expect((await dashboard(nodeB, member)).json().Code).toBe('NoIntegration');
  });

  it('a plan change shows on the next request: a trial opens 36 months, an ended one answers 402', async () => {
    const firstVisible = async (node: FastifyInstance) =>
      (await dashboard(node, stranger)).json().visible_from;
    const freeFrom = await firstVisible(nodeA);
    expect(await firstVisible(nodeB)).toBe(freeFrom);
    const trial = await callAs(server, stranger)('POST', '/api/billing/trial');
    expect(trial.statusCode).toBeLessThan(300);
    const trialFrom = await firstVisible(nodeA);
    expect(trialFrom < freeFrom).toBe(true);
    aSecondLater();
    expect(await firstVisible(nodeB)).toBe(trialFrom);

    // An end written by another process (the operator's CLI, a webhook on another node): every node
    // sees it once its read is a second old.
    await server.context.database.db
      .updateTable('subscriptions')
      .set({ trial_ends_at: new Date(Date.now() - 1000) })
      .where('organization_id', '=', (await organizationOf(stranger)) ?? '')
      .execute();
    aSecondLater();
    for (const node of [nodeA, nodeB]) expect((await dashboard(node, stranger)).statusCode).toBe(402);
  });
});

async function organizationOf(person: Person): Promise<string | undefined> {
  const row = await server.context.database.db
    .selectFrom('member')
    .select('organizationId')
    .where('userId', '=', person.userId)
    .executeTakeFirst();
  return row?.organizationId;
}
