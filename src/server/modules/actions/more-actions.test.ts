import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_ROLE_NAME, type AwsSimulator, PROTECT_TAG } from '../../../aws-sim/index.ts';
import { startTestSimulator, testClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { ActionLogView, ResourceActionView } from '../../../contracts/actions.ts';
import { simulatorAccess } from '../../aws-simulator-access.ts';
import { connectSimulatedAccount } from '../../testing/launch-event-fixtures.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { groupInstanceStatesIn } from '../../testing/simulated-instance-state.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The actions beyond stopping instances (decision 110), through the server's routes, its database
 * (PGlite or PostgreSQL) and the real Auto Scaling, RDS and EC2 SDK clients against the simulator:
 * a group to 0 and back, a database stopped and started, an instance tagged for later and untagged.
 */
let simulator: AwsSimulator;
let server: TestApp;
let owner: Person;
let stranger: Person;
let integrationId: string;
let accountId: string;

beforeAll(async () => {
  ({ simulator } = await startTestSimulator({ clock: testClock(new Date()) }));
  server = await createTestApp({
    aws: { ...simulatorAccess(simulator), demo: undefined },
    env: { API_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  owner = await signUpVerified(server, 'owner@more-actions.test', 'Olivia Owner');
  stranger = await signUpVerified(server, 'stranger@elsewhere.test', 'Sam Stranger');
  ({ integrationId, accountId } = await connectSimulatedAccount(server, owner, simulator, { name: 'Acme' }));
  const attached = await callAs(server, owner)('PUT', `/api/integrations/${integrationId}/action-role`, {
    role_arn: `arn:aws:iam::${accountId}:role/${ACTION_ROLE_NAME}`,
  });
  expect(attached.statusCode, attached.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

const on = (type: string, id: string, account = accountId) => ({
  account_id: account,
  region: 'us-east-1',
  type,
  id,
});

async function proposed(person: Person, body: object): Promise<ResourceActionView> {
  const response = await callAs(server, person)('POST', '/api/actions', {
    integration_id: integrationId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function confirmed(actionId: string): Promise<ResourceActionView> {
  const response = await callAs(server, owner)('POST', `/api/actions/${actionId}/confirm`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function undone(actionId: string): Promise<ResourceActionView> {
  const response = await callAs(server, owner)('POST', `/api/actions/${actionId}/undo`);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const group = () => simulator.autoScalingGroups.find((one) => one.name === 'api-prod-asg');
const database = () => simulator.services.databases.find((one) => one.identifier === 'auth-db');

describe('an Auto Scaling group to 0', () => {
  it('shows its sizes before and after, sets them on confirmation (its instances end), and the undo restores them', async () => {
    const before = await groupInstanceStatesIn(simulator, 'api-prod-asg');
    expect(before.map((instance) => instance.state)).toEqual(['running']);
    const proposal = await proposed(owner, {
      kind: 'scale-to-zero',
      resource: on('auto-scaling-group', 'api-prod-asg'),
    });
    expect(proposal).toMatchObject({
      kind: 'scale-to-zero',
      resource_type: 'auto-scaling-group',
      status: 'proposed',
    });
    expect(proposal.steps[0]).toMatchObject({
      resource_id: 'api-prod-asg',
      outcome: 'change',
      state_before: 'min 1, max 3, desired 1',
      state_after: 'min 0, max 3, desired 0',
    });
    expect(proposal.steps[0]?.dry_run).toMatch(/^Auto Scaling has no dry run: the action role was assumed/);
    expect(group()).toMatchObject({ minSize: 1, desiredCapacity: 1 });

    const done = await confirmed(proposal.id);
    expect(done.status).toBe('done');
    expect(done.results[0]).toMatchObject({
      operation: 'scale-to-zero',
      outcome: 'changed',
      state_after: 'min 0, max 3, desired 0',
    });
    expect(group()).toMatchObject({ minSize: 0, maxSize: 3, desiredCapacity: 0 });
    // The group terminates what it ran: nothing of it bills any more.
    expect(await groupInstanceStatesIn(simulator, 'api-prod-asg')).toEqual(
      before.map((instance) => ({ ...instance, state: 'terminated' })),
    );
    expect(done.undoable).toBe(true);

    const again = await proposed(owner, {
      kind: 'scale-to-zero',
      resource: on('auto-scaling-group', 'api-prod-asg'),
    });
    expect(again.status).toBe('nothing-to-do');
    expect(again.steps[0]?.reason).toBe('Nothing to do: the group is already at min 0, max 3, desired 0.');

    const restored = await undone(proposal.id);
    expect(restored).toMatchObject({ operation: 'restore-sizes', status: 'done', undo_of: proposal.id });
    expect(restored.results[0]?.state_after).toBe('min 1, max 3, desired 1');
    expect(group()).toMatchObject({ minSize: 1, maxSize: 3, desiredCapacity: 1 });
    // The restored capacity launches a new instance; the terminated one stays terminated.
    const after = await groupInstanceStatesIn(simulator, 'api-prod-asg');
    expect(after.filter((instance) => instance.state === 'running')).toHaveLength(1);
    expect(after.find((instance) => instance.state === 'running')?.instanceId).not.toBe(
      before[0]?.instanceId,
    );
  });

  it('refuses a protected group naming its tag, and answers 404 to a group the account does not have', async () => {
    const target = group();
    if (!target) throw new Error('api-prod-asg is missing');
    target.tags[PROTECT_TAG.key] = PROTECT_TAG.value;
    try {
      const proposal = await proposed(owner, {
        kind: 'scale-to-zero',
        resource: on('auto-scaling-group', 'api-prod-asg'),
      });
      expect(proposal.status).toBe('nothing-to-do');
      expect(proposal.steps[0]).toMatchObject({
        outcome: 'refused',
        reason: expect.stringContaining('spendguard:protect=true'),
      });
    } finally {
      delete target.tags[PROTECT_TAG.key];
    }
    const missing = await callAs(server, owner)('POST', '/api/actions', {
      integration_id: integrationId,
      kind: 'scale-to-zero',
      resource: on('auto-scaling-group', 'no-such-group'),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Message).toMatch(/^resource: not found in Acme .*no-such-group$/);
  });
});

describe('stopping a database', () => {
  it('stops it on confirmation, says "nothing to do" once it is stopped, and the undo starts it', async () => {
    const proposal = await proposed(owner, {
      kind: 'stop-database',
      resource: on('rds-db-instance', 'auth-db'),
    });
    expect(proposal.steps[0]).toMatchObject({
      outcome: 'change',
      state_before: 'available',
      state_after: 'stopped',
    });
    expect(database()?.status).toBe('available');
    const done = await confirmed(proposal.id);
    expect(done.results[0]).toMatchObject({
      outcome: 'changed',
      state_after: 'stopping',
      aws_message: 'available → stopping',
    });
    expect(database()?.status).toBe('stopped');

    const again = await proposed(owner, {
      kind: 'stop-database',
      resource: on('rds-db-instance', 'auth-db'),
    });
    expect(again.status).toBe('nothing-to-do');
    expect(again.steps[0]?.reason).toBe('Nothing to do: it is already stopped.');

    const started = await undone(proposal.id);
    expect(started).toMatchObject({ operation: 'start', status: 'done' });
    expect(database()?.status).toBe('available');
  });

  it('refuses at run time a database whose state changed after the dry run, saying which state', async () => {
    const proposal = await proposed(owner, {
      kind: 'stop-database',
      resource: on('rds-db-instance', 'auth-db'),
    });
    const db = database();
    if (!db) throw new Error('auth-db is missing');
    db.status = 'modifying';
    try {
      const done = await confirmed(proposal.id);
      expect(done.status).toBe('failed');
      expect(done.results[0]).toMatchObject({
        outcome: 'refused',
        aws_message: expect.stringContaining('It is modifying'),
      });
    } finally {
      db.status = 'available';
    }
  });

  it('answers 404 to a database of another account and to another tenant’s integration', async () => {
    const otherAccount = simulator.company.accounts.find((account) => account.name === 'acme-data')?.id ?? '';
    const elsewhere = await callAs(server, owner)('POST', '/api/actions', {
      integration_id: integrationId,
      kind: 'stop-database',
      resource: on('rds-db-instance', 'analytics-db', otherAccount),
    });
    expect(elsewhere.statusCode).toBe(404);
    const strangers = await callAs(server, stranger)('POST', '/api/actions', {
      integration_id: integrationId,
      kind: 'stop-database',
      resource: on('rds-db-instance', 'auth-db'),
    });
    expect(strangers.statusCode).toBe(404);
  });

  it('names the field of a wrong resource reference', async () => {
    const wrongType = await callAs(server, owner)('POST', '/api/actions', {
      integration_id: integrationId,
      kind: 'stop-database',
      resource: on('auto-scaling-group', 'auth-db'),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().Message).toMatch(/resource\.type/);
  });
});

describe('tagging for later', () => {
  const instanceId = () =>
    simulator.company.instances.find((one) => one.accountId === accountId && one.region === 'us-east-1')
      ?.instanceId ?? '';

  it('writes spendguard:review with who, why and the day, logs it, and the undo takes it off', async () => {
    const id = instanceId();
    const proposal = await proposed(owner, {
      kind: 'tag-for-review',
      resource: on('ec2-instance', id),
      reason: 'Is this still used after the migration?',
    });
    const day = new Date().toISOString().slice(0, 10);
    const value = `Is this still used after the migration? (Olivia Owner, ${day})`;
    expect(proposal.steps[0]).toMatchObject({
      outcome: 'change',
      state_before: 'no spendguard:review tag',
      state_after: `spendguard:review=${value}`,
      dry_run: expect.stringMatching(/^DryRunOperation/),
    });
    const done = await confirmed(proposal.id);
    expect(done.results[0]).toMatchObject({ operation: 'tag', outcome: 'changed' });
    const log = (await callAs(server, owner)('GET', '/api/action-log')).json() as ActionLogView;
    expect(log.entries.find((entry) => entry.action_id === proposal.id)?.state_after).toBe(
      `spendguard:review=${value}`,
    );

    const untagged = await undone(proposal.id);
    expect(untagged.results[0]).toMatchObject({
      operation: 'restore-tag',
      outcome: 'changed',
      state_after: 'no spendguard:review tag',
    });
  });

  it('refuses a protected instance with the tag named, and a reason that is missing', async () => {
    const id = instanceId();
    simulator.tagInstance(id, PROTECT_TAG.key, PROTECT_TAG.value);
    const proposal = await proposed(owner, {
      kind: 'tag-for-review',
      resource: on('ec2-instance', id),
      reason: 'check it',
    });
    expect(proposal.steps[0]).toMatchObject({
      outcome: 'refused',
      reason: 'It is tagged spendguard:protect=true: Spendguard never acts on it.',
    });
    const noReason = await callAs(server, owner)('POST', '/api/actions', {
      integration_id: integrationId,
      kind: 'tag-for-review',
      resource: on('ec2-instance', id),
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().Message).toMatch(/reason/);
  });
});
