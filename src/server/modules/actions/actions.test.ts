import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_ROLE_NAME, type AwsSimulator, PROTECT_TAG } from '../../../aws-sim/index.ts';
import { startTestSimulator, type TestClock, testClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { ActionLogView, ResourceActionView } from '../../../contracts/actions.ts';
import type { IntegrationView } from '../../../contracts/integrations.ts';
import type { LaunchLedgerView } from '../../../contracts/launch-events.ts';
import { ACTION_RATE_LIMIT } from '../../../domain/resource-actions.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { callWithToken, createApiToken } from '../../testing/api-token-fixtures.ts';
import {
  connectSimulatedAccount,
  startLaunchEventPoller,
  waitUntil,
} from '../../testing/launch-event-fixtures.ts';
import {
  callAs,
  inviteNewPerson,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { instanceStateIn } from '../../testing/simulated-instance-state.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Stopping launched instances through the opt-in action role, end to end: the real EC2 SDK against the
 * simulator, the server's routes, its database (PGlite or PostgreSQL), and the live ledger fed by the
 * simulator's launch events.
 */
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let owner: Person;
let member: Person;
let stranger: Person;
let integrationId: string;
let accountId: string;
let strangerIntegrationId: string;

const actionRoleOf = (account: string) => `arn:aws:iam::${account}:role/${ACTION_ROLE_NAME}`;

const stateInSimulator = (instanceId: string) => instanceStateIn(simulator, instanceId);

async function propose(person: Person, instanceIds: string[], integration = integrationId) {
  return callAs(server, person)('POST', '/api/actions', {
    integration_id: integration,
    kind: 'stop-instances',
    region: 'us-east-1',
    instance_ids: instanceIds,
  });
}

async function proposed(person: Person, instanceIds: string[]): Promise<ResourceActionView> {
  const response = await propose(person, instanceIds);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function confirmed(person: Person, actionId: string): Promise<ResourceActionView> {
  const response = await callAs(server, person)('POST', `/api/actions/${actionId}/confirm`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const burst = (count: number) => simulator.launchGpuBurst({ accountId, count }).instanceIds;

beforeAll(async () => {
  ({ simulator, clock } = await startTestSimulator({ clock: testClock(new Date()) }));
  server = await createTestApp({
    queue: true,
    aws: { ...simulatorAccess(simulator), demo: undefined },
    env: { API_RATE_LIMIT_PER_MINUTE: '1000000' },
    clock,
  });
  owner = await signUpVerified(server, 'owner@actions.test', 'Olivia Owner');
  member = await inviteNewPerson(server, owner, {
    email: 'member@actions.test',
    role: 'member',
    name: 'Mia',
  });
  stranger = await signUpVerified(server, 'stranger@elsewhere.test', 'Sam Stranger');
  ({ integrationId, accountId } = await connectSimulatedAccount(server, owner, simulator, { name: 'Acme' }));
  const dataRole = simulator.company.accounts.find((account) => account.name === 'acme-data')?.demoRoleArn;
  ({ integrationId: strangerIntegrationId } = await connectSimulatedAccount(server, stranger, simulator, {
    name: 'Elsewhere',
    roleArn: dataRole,
  }));
  await startLaunchEventPoller(server, integrationId);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

describe('the opt-in action role', () => {
  it('is off by default: the card says so, and no action is proposed without it', async () => {
    const card = await callAs(server, owner)('GET', `/api/integrations/${integrationId}`);
    expect((card.json() as IntegrationView).actions).toEqual({
      enabled: false,
      role_arn: null,
      may: [],
      never_on_tag: 'spendguard:protect=true',
    });
    const ids = burst(1);
    const refused = await propose(owner, ids);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ Code: 'ActionsNotEnabled' });
    expect(refused.json().Message).toContain('integration_id');
    expect(await stateInSimulator(ids[0] as string)).toBe('running');
  });

  it('is refused when AWS does not let Spendguard assume it, or when it is the read-only role', async () => {
    const wrong = await callAs(server, owner)('PUT', `/api/integrations/${integrationId}/action-role`, {
      role_arn: `arn:aws:iam::${accountId}:role/NoSuchRole`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Message).toMatch(/^role_arn: /);
    const same = await callAs(server, owner)('PUT', `/api/integrations/${integrationId}/action-role`, {
      role_arn: simulator.company.demoRoleArn,
    });
    expect(same.statusCode).toBe(400);
    const byMember = await callAs(server, member)('PUT', `/api/integrations/${integrationId}/action-role`, {
      role_arn: actionRoleOf(accountId),
    });
    expect(byMember.statusCode).toBe(403);
  });

  it('turns actions on once assumed, and the card says what the role may do', async () => {
    const response = await callAs(server, owner)('PUT', `/api/integrations/${integrationId}/action-role`, {
      role_arn: actionRoleOf(accountId),
    });
    expect(response.statusCode, response.body).toBe(200);
    const card = response.json() as IntegrationView;
    expect(card.actions.enabled).toBe(true);
    expect(card.actions.role_arn).toBe(actionRoleOf(accountId));
    expect(card.actions.may).toContain('Stop and start EC2 instances');
    expect(card.role_arn).toBe(simulator.company.demoRoleArn);
    const strangers = await callAs(server, stranger)(
      'PUT',
      `/api/integrations/${strangerIntegrationId}/action-role`,
      {
        role_arn: actionRoleOf(simulator.company.accounts.find((a) => a.name === 'acme-data')?.id ?? ''),
      },
    );
    expect(strangers.statusCode).toBe(200);
  });
});

describe('stopping a launch', () => {
  let stop: ResourceActionView;
  let ids: string[];

  it('runs a dry run first: what will change, and nothing changes yet', async () => {
    ids = burst(8);
    stop = await proposed(owner, ids);
    expect(stop.status).toBe('proposed');
    expect(stop.steps).toHaveLength(8);
    expect(stop.steps.every((step) => step.outcome === 'change')).toBe(true);
    expect(stop.steps[0]).toMatchObject({ state_before: 'running', state_after: 'stopped' });
    expect(stop.steps[0]?.dry_run).toMatch(/^DryRunOperation: /);
    expect(stop.confirmation_link).toMatch(/\/actions\/confirm\//);
    expect(stop.results).toEqual([]);
    for (const id of ids) expect(await stateInSimulator(id)).toBe('running');
  });

  it('stops every instance once confirmed, logs each, and the ledger shows them stopped', async () => {
    const before = await waitUntil(
      async () => (await callAs(server, owner)('GET', '/api/launch-ledger')).json() as LaunchLedgerView,
      (view) => view.rows.filter((row) => ids.includes(row.resource_id) && row.running).length === 8,
    );
    clock.advance(60_000);
    const done = await confirmed(owner, stop.id);
    expect(done.status).toBe('done');
    expect(done.decided_via).toBe('app');
    expect(done.results).toHaveLength(8);
    expect(done.results[0]).toMatchObject({
      outcome: 'changed',
      state_before: 'running',
      state_after: 'stopping',
      aws_code: null,
      approved_by: owner.userId,
      approved_by_name: 'Olivia Owner',
      approved_via: 'app',
    });
    expect(done.undoable).toBe(true);
    for (const id of ids) expect(await stateInSimulator(id)).toBe('stopped');
    const after = await waitUntil(
      async () => (await callAs(server, owner)('GET', '/api/launch-ledger')).json() as LaunchLedgerView,
      (view) => view.rows.filter((row) => ids.includes(row.resource_id) && !row.running).length === 8,
    );
    expect(after.summary.usd_per_hour).toBeLessThan(before.summary.usd_per_hour);
    const twice = await callAs(server, owner)('POST', `/api/actions/${stop.id}/confirm`);
    expect(twice.statusCode).toBe(409);
  });

  it('answers "nothing to do" for instances already stopped', async () => {
    const again = await proposed(owner, ids);
    expect(again.status).toBe('nothing-to-do');
    expect(again.steps.every((step) => step.outcome === 'nothing-to-do')).toBe(true);
    expect(again.steps[0]?.reason).toBe('Nothing to do: it is already stopped.');
    expect(again.confirmation_link).toBeNull();
  });

  it('undoes the stop by starting what it stopped, once', async () => {
    clock.advance(60_000);
    const undo = await callAs(server, owner)('POST', `/api/actions/${stop.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(201);
    const started = undo.json() as ResourceActionView;
    expect(started).toMatchObject({ operation: 'start', undo_of: stop.id, status: 'done' });
    expect(started.results.map((entry) => entry.state_after)).toEqual(Array(8).fill('pending'));
    for (const id of ids) expect(await stateInSimulator(id)).toBe('running');
    // One StartInstances call for the eight: the ledger reads the restart as one launch, with one Stop.
    const restarted = await waitUntil(
      async () => (await callAs(server, owner)('GET', '/api/launch-ledger')).json() as LaunchLedgerView,
      (view) =>
        view.rows.filter((row) => ids.includes(row.resource_id) && row.running && row.launched_by).length ===
        8,
    );
    const running = restarted.rows.filter((row) => ids.includes(row.resource_id) && row.running);
    expect(new Set(running.map((row) => row.launch_key)).size).toBe(1);
    const original = await callAs(server, owner)('GET', `/api/actions/${stop.id}`);
    expect(original.json()).toMatchObject({ status: 'undone', undoable: false });
    const twice = await callAs(server, owner)('POST', `/api/actions/${stop.id}/undo`);
    expect(twice.statusCode).toBe(409);
  });
});

describe('what is refused, and a partial failure', () => {
  it('refuses a protected instance naming its tag, and stops the others', async () => {
    const ids = burst(3);
    simulator.tagInstance(ids[1] as string, PROTECT_TAG.key, PROTECT_TAG.value);
    const action = await proposed(owner, ids);
    const refused = action.steps.find((step) => step.resource_id === ids[1]);
    expect(refused).toMatchObject({ outcome: 'refused', state_after: null });
    expect(refused?.reason).toContain('spendguard:protect=true');
    const done = await confirmed(owner, action.id);
    expect(done.status).toBe('partly-done');
    expect(await stateInSimulator(ids[1] as string)).toBe('running');
    expect(await stateInSimulator(ids[0] as string)).toBe('stopped');
  });

  it('says which of 8 failed and why (3 between states), and keeps the others stopped and logged', async () => {
    const ids = burst(8);
    const action = await proposed(owner, ids);
    const stuck = ids.slice(0, 3);
    for (const id of stuck) simulator.holdInstanceState(id, 'pending');
    const done = await confirmed(owner, action.id);
    for (const id of stuck) simulator.holdInstanceState(id, undefined);
    expect(done.status).toBe('partly-done');
    const failed = done.results.filter((entry) => entry.outcome === 'failed');
    expect(failed.map((entry) => entry.resource_id).sort()).toEqual([...stuck].sort());
    expect(failed[0]).toMatchObject({ aws_code: 'IncorrectInstanceState', state_after: null });
    expect(failed[0]?.aws_message).toContain('is not in a state from which it can be stopped');
    expect(done.results.filter((entry) => entry.outcome === 'changed')).toHaveLength(5);
    for (const id of ids.slice(3)) expect(await stateInSimulator(id)).toBe('stopped');
  });

  it("answers 404 to another tenant's integration and to instance ids outside the integration's account", async () => {
    const ids = burst(1);
    expect((await propose(stranger, ids)).statusCode).toBe(404);
    const foreign = await propose(stranger, ids, strangerIntegrationId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().Message).toContain(ids[0]);
    const action = await proposed(owner, ids);
    expect((await callAs(server, stranger)('GET', `/api/actions/${action.id}`)).statusCode).toBe(404);
    expect((await callAs(server, stranger)('POST', `/api/actions/${action.id}/confirm`)).statusCode).toBe(
      404,
    );
    expect(await stateInSimulator(ids[0] as string)).toBe('running');
  });

  it('lets a member act only on what their team scope covers', async () => {
    const ids = burst(1);
    expect((await propose(member, ids)).statusCode).toBe(403);
    await startBusinessTrial(server, owner);
    const team = await callAs(server, owner)('POST', '/api/teams', {
      name: 'Platform',
      member_ids: [member.userId],
      scope: { account_ids: [accountId], tags: [] },
    });
    expect(team.statusCode, team.body).toBe(201);
    const action = await proposed(member, ids);
    const done = await confirmed(member, action.id);
    expect(done.results[0]).toMatchObject({ outcome: 'changed', approved_by: member.userId });
    expect((await callAs(server, member)('GET', '/api/action-log')).statusCode).toBe(403);
  });
});

describe('the mail link', () => {
  it('shows on GET without acting, confirms once on POST, and is refused after', async () => {
    const ids = burst(2);
    const action = await proposed(owner, ids);
    const token = new URL(action.confirmation_link ?? '').pathname.split('/').pop() ?? '';
    const shown = await callAs(server, owner)('GET', `/api/action-links/${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: action.id, status: 'proposed' });
    for (const id of ids) expect(await stateInSimulator(id)).toBe('running');
    expect((await callAs(server, stranger)('POST', `/api/action-links/${token}/confirm`)).statusCode).toBe(
      404,
    );
    const done = await callAs(server, owner)('POST', `/api/action-links/${token}/confirm`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', decided_via: 'mail' });
    expect(done.json().results[0].approved_via).toBe('mail');
    const again = await callAs(server, owner)('POST', `/api/action-links/${token}/confirm`);
    expect(again.statusCode).toBe(410);
    expect(again.json().Code).toBe('LinkUsed');
  });

  it('is refused when forged or older than 24 hours', async () => {
    const action = await proposed(owner, burst(1));
    const token = new URL(action.confirmation_link ?? '').pathname.split('/').pop() ?? '';
    const [id, nonce] = token.split('.');
    const forged = `${id}.${nonce}.AAAAAAAAAAAAAAAAAAAAAA`;
    expect((await callAs(server, owner)('POST', `/api/action-links/${forged}/confirm`)).statusCode).toBe(404);
    clock.advance(24 * 3_600_000 + 1000);
    try {
      const late = await callAs(server, owner)('POST', `/api/action-links/${token}/confirm`);
      expect(late.statusCode).toBe(410);
      expect(late.json().Code).toBe('LinkExpired');
    } finally {
      clock.advance(-(24 * 3_600_000 + 1000));
    }
  });
});

describe('the log, API tokens and the rate limit', () => {
  it('serves the log to owners and to costs:read tokens; acting needs actions:write', async () => {
    const log = (await callAs(server, owner)('GET', '/api/action-log')).json() as ActionLogView;
    expect(log.entries.length).toBeGreaterThan(8);
    expect(log.entries[0]).toHaveProperty('approved_via');
    const reader = await createApiToken(server, owner, { name: 'Reader', scopes: ['costs:read'] });
    expect((await callWithToken(server, reader.secret)('GET', '/api/action-log')).statusCode).toBe(200);
    const body = {
      integration_id: integrationId,
      kind: 'stop-instances',
      region: 'us-east-1',
      instance_ids: burst(1),
    };
    const refused = await callWithToken(server, reader.secret)('POST', '/api/actions', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toContain('actions:write');
    const actor = await createApiToken(server, owner, { name: 'Actor', scopes: ['actions:write'] });
    const made = await callWithToken(server, actor.secret)('POST', '/api/actions', body);
    expect(made.statusCode, made.body).toBe(201);
    const done = await callWithToken(server, actor.secret)('POST', `/api/actions/${made.json().id}/confirm`);
    expect(done.json()).toMatchObject({ status: 'done', decided_via: 'api' });
  });

  it('refuses bad input naming the field', async () => {
    const response = await callAs(server, owner)('POST', '/api/actions', {
      integration_id: integrationId,
      kind: 'stop-instances',
      region: 'us-east-1',
      instance_ids: ['not-an-instance'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('instance_ids');
  });

  it('limits proposals and runs per organization, with Retry-After', async () => {
    const ids = burst(1);
    let last = await propose(owner, ids);
    for (let attempt = 0; attempt < ACTION_RATE_LIMIT.count && last.statusCode !== 429; attempt += 1)
      last = await propose(owner, ids);
    expect(last.statusCode).toBe(429);
    expect(last.json().Code).toBe('TooManyActions');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another organization is not held back by this one.
    expect((await propose(stranger, burst(1), strangerIntegrationId)).statusCode).toBe(404);
  });
});
