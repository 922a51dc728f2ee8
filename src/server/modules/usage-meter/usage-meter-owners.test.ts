import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { TEMPLATE_ROLE_PERMISSIONS } from '../../../aws-sim/index.ts';
import type { TestClock } from '../../../aws-sim/testing/test-simulator.ts';
import type { UsageMeterView } from '../../../contracts/usage-meter.ts';
import { connectSimulatedAccount } from '../../testing/launch-event-fixtures.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  closeUsageMeterWorld,
  startUsageMeterWorld,
  type UsageMeterWorld,
  usageMeterViewOf,
} from '../../testing/usage-meter-fixtures.ts';
import type { UsageMeterService } from './usage-meter.service.ts';

/**
 * Owners on the live ledger's usage rows (docs/decisions/125), through the real Resource Groups
 * Tagging API SDK against the simulator: each metered resource named by its owner tag, a resource
 * without one saying so, a Bedrock model (AWS's, untaggable) and a role without tag:GetResources
 * saying the owner is not known and why, and a tag added in the account seen at the next read.
 */
let world: UsageMeterWorld;
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let meter: UsageMeterService;
let owner: Person;
let integrationId: string;
let accountId: string;

const view = (person = owner) => usageMeterViewOf(server, person);
const rowOf = (answer: UsageMeterView, charge: string, resourceId: string) =>
  answer.rows.find((row) => row.charge === charge && row.resource_id === resourceId);

beforeAll(async () => {
  world = await startUsageMeterWorld({
    ownerEmail: 'owner@owners.test',
    env: { METER_SERVICE_SECONDS: '' },
  });
  ({ simulator, clock, server, meter, owner, integrationId, accountId } = world);
  await meter.meterIntegration(integrationId);
}, 120_000);
afterAll(() => closeUsageMeterWorld(world));

describe('who owns each metered resource, by its tags', () => {
  it('names the owner tag of NAT gateways, functions, log groups, tables and instances', async () => {
    const answer = await view();
    const gateway = simulator.natGateways().find((entry) => entry.name === 'prod-nat-a')!;
    const nat = rowOf(answer, 'nat-gateway-data-processed', gateway.natGatewayId)!;
    expect(nat.owner).toEqual({ name: 'platform', tag: 'team', note: null });
    expect(nat.tags).toMatchObject({ team: 'platform', project: 'shared-network', Name: 'prod-nat-a' });
    expect(rowOf(answer, 'lambda-requests', 'checkout-fn-01')?.owner.name).toBe('payments');
    expect(rowOf(answer, 'logs-ingested', '/aws/app/prod-01')?.owner.name).toBe('platform');
    expect(rowOf(answer, 'dynamodb-read-request-units', 'orders-table-01')?.owner.name).toBe('payments');
    const instances = answer.rows.filter((row) => row.charge === 'ec2-internet-egress-estimate');
    expect(instances.length).toBeGreaterThan(0);
    for (const row of instances) expect(row.owner).toMatchObject({ tag: 'team', note: null });
  });

  it('says "no owner tag" for a resource whose tags name nobody, never a guess', async () => {
    const answer = await view();
    // Every fourth log group of the company carries no tags at all.
    const untagged = rowOf(answer, 'logs-ingested', '/aws/app/prod-04')!;
    expect(untagged.owner).toEqual({ name: null, tag: null, note: 'no owner tag' });
    expect(untagged.tags).toEqual({});
    expect(
      answer.rows
        .filter((row) => row.service === 'logs' && row.owner.note === 'no owner tag')
        .map((row) => row.resource_id),
    ).toEqual(['/aws/app/prod-04', '/aws/app/prod-08', '/aws/app/prod-12']);
  });

  it('says why a Bedrock model has no owner: it is AWS’s and carries no tags', async () => {
    expect((await callAs(server, owner)('POST', '/api/demo/token-spike', {})).statusCode).toBe(200);
    clock.advance(600_000);
    await meter.meterIntegration(integrationId);
    const model = (await view()).rows.find((row) => row.service === 'bedrock')!;
    expect(model.owner.name).toBeNull();
    expect(model.owner.note).toMatch(/^not known: a Bedrock foundation model is AWS's/);
    expect(model.tags).toBeNull();
  });

  it('sees an owner tag added in the account at the next read', async () => {
    const row = (await view()).rows.find((entry) => entry.charge === 'ec2-internet-egress-estimate')!;
    simulator.tagInstance(row.resource_id, 'owner', 'maya.chen');
    clock.advance(300_000);
    await meter.meterIntegration(integrationId);
    const after = rowOf(await view(), 'ec2-internet-egress-estimate', row.resource_id)!;
    expect(after.owner).toEqual({ name: 'maya.chen', tag: 'owner', note: null });
  });

  it('says the owner is not known, naming tag:GetResources, for a role without it, and meters on', async () => {
    const roleArn = `arn:aws:iam::${accountId}:role/NoTagging`;
    simulator.registerRole(roleArn, simulator.company.demoExternalId, {
      permissions: TEMPLATE_ROLE_PERMISSIONS.filter((action) => !action.startsWith('tag:')),
    });
    const other = await signUpVerified(server, 'other@owners.test', 'Otto Other');
    const denied = await connectSimulatedAccount(server, other, simulator, { name: 'No tags', roleArn });
    await meter.meterIntegration(denied.integrationId);
    const answer = await view(other);
    const nat = answer.rows.find((row) => row.service === 'nat-gateway')!;
    expect(nat.usd_per_hour).not.toBeNull();
    expect(nat.tags).toBeNull();
    expect(nat.owner.name).toBeNull();
    expect(nat.owner.note).toMatch(/^not known: the role lacks tag:GetResources in us-east-1/);
    expect(answer.meters[0]!.services.filter((service) => service.state === 'failing')).toEqual([]);
  });
});
