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
 * The meter's other services through the real CloudWatch and Lambda SDKs against the simulator:
 * Lambda requests and GB-seconds at each function's memory, Logs ingestion per log group, DynamoDB
 * on-demand units, Bedrock tokens per model, EC2 bytes out as an estimate; the demo's Lambda loop,
 * logging flood and token spike; datapoints dated outside the window left out and counted; a
 * deleted function's row stopped; a role without lambda:ListFunctions named while the rest is metered.
 */
let world: UsageMeterWorld;
let simulator: AwsSimulator;
let clock: TestClock;
let server: TestApp;
let meter: UsageMeterService;
let owner: Person;
let integrationId: string;
let accountId: string;

const FIVE_MINUTES = 300_000;

const view = (person = owner) => usageMeterViewOf(server, person);

const rowsOf = (answer: UsageMeterView, charge: string) => answer.rows.filter((row) => row.charge === charge);

/** An hour of reads, one every five minutes. */
async function anHourOfReads(id = integrationId) {
  for (let read = 0; read < 12; read++) {
    clock.advance(FIVE_MINUTES);
    await meter.meterIntegration(id);
  }
}

beforeAll(async () => {
  world = await startUsageMeterWorld({
    ownerEmail: 'owner@services.test',
    // Every service read at every interval here; the defaults read the many-resource services slower.
    env: { METER_SERVICE_SECONDS: '' },
  });
  ({ simulator, clock, server, meter, owner, integrationId, accountId } = world);
  await meter.meterIntegration(integrationId);
}, 120_000);
afterAll(() => closeUsageMeterWorld(world));

describe('the usage meter’s services', () => {
  it('meters each Lambda function’s requests and GB-seconds at its memory, log groups, on-demand tables and EC2 bytes out as an estimate', async () => {
    const answer = await view();
    const functions = simulator
      .lambdaFunctions()
      .filter((fn) => fn.accountId === accountId && fn.region === 'us-east-1');
    expect(
      rowsOf(answer, 'lambda-gb-seconds')
        .map((row) => row.resource_id)
        .sort(),
    ).toEqual(functions.map((fn) => fn.functionName).sort());
    expect(rowsOf(answer, 'lambda-requests')).toHaveLength(functions.length);
    const duration = rowsOf(answer, 'lambda-gb-seconds')[0]!;
    expect(duration).toMatchObject({ service: 'lambda', unit: 'GB-seconds', estimate: null, stopped: null });
    expect(duration.resource_label).toBe(`Lambda function ${duration.resource_id}`);
    expect(duration.price_source).toMatch(/aws.amazon.com\/lambda\/pricing/);
    const logs = rowsOf(answer, 'logs-ingested');
    expect(logs.length).toBe(simulator.logGroups().filter((group) => group.accountId === accountId).length);
    expect(logs[0]).toMatchObject({ service: 'logs', unit: 'GB' });
    expect(rowsOf(answer, 'dynamodb-read-request-units')).toHaveLength(16);
    expect(rowsOf(answer, 'dynamodb-write-request-units')[0]).toMatchObject({ unit: 'request units' });
    const egress = rowsOf(answer, 'ec2-internet-egress-estimate');
    expect(egress.length).toBeGreaterThan(0);
    expect(egress[0]?.estimate).toMatch(/cannot tell internet egress/);
    expect(egress.map((row) => row.region)).toContain('eu-west-1');
    const card = answer.meters.find((entry) => entry.integration_id === integrationId)!;
    expect(
      card.services
        .filter((service) => service.state === 'metered')
        .map((service) => service.service)
        .sort(),
    ).toEqual(['bedrock', 'dynamodb', 'ec2-egress', 'lambda', 'logs', 'nat-gateway']);
    // Every charge read every five minutes here: each metric a read asks for, 8,640 times a month.
    const metricsPerRead = card.regions.reduce((sum, region) => sum + region.metrics_per_read, 0);
    expect(metricsPerRead).toBe(2 * 2 + 2 * functions.length + logs.length + 2 * 16 + egress.length);
    expect(card.monthly_cost_usd).toBeCloseTo((metricsPerRead * 8640 * 0.01) / 1000, 2);
  });

  it('sees the demo’s Lambda loop, logging flood and token spike within the hour, priced', async () => {
    const before = await view();
    const loop = await callAs(server, owner)('POST', '/api/demo/lambda-loop', {
      invocations_per_minute: 10_000,
      duration_ms: 1000,
    });
    expect(loop.statusCode).toBe(200);
    const flood = await callAs(server, owner)('POST', '/api/demo/logging-flood', {});
    expect(flood.statusCode).toBe(200);
    const spike = await callAs(server, owner)('POST', '/api/demo/token-spike', {});
    expect(spike.json()).toMatchObject({ service: 'bedrock', region: 'us-east-1', account_id: accountId });
    const unknownModel = await callAs(server, owner)('POST', '/api/demo/token-spike', {
      model_id: 'acme.private-model-v9',
    });
    expect(unknownModel.statusCode).toBe(200);
    await anHourOfReads();
    const after = await view();
    const fn = loop.json().resource_id;
    const lastHour = (answer: UsageMeterView, charge: string, id: string) =>
      rowsOf(answer, charge).find((row) => row.resource_id === id)?.last_hour_quantity ?? 0;
    expect(lastHour(after, 'lambda-requests', fn) - lastHour(before, 'lambda-requests', fn)).toBeCloseTo(
      600_000,
      -3,
    );
    const memoryGb =
      simulator.lambdaFunctions().find((entry) => entry.functionName === fn)!.memorySizeMb / 1024;
    expect(lastHour(after, 'lambda-gb-seconds', fn) - lastHour(before, 'lambda-gb-seconds', fn)).toBeCloseTo(
      600_000 * memoryGb,
      -3,
    );
    const group = flood.json().resource_id;
    const floodRow = rowsOf(after, 'logs-ingested').find((row) => row.resource_id === group)!;
    expect(floodRow.last_hour_quantity! - lastHour(before, 'logs-ingested', group)).toBeCloseTo(40, 0);
    expect(floodRow.usd_per_hour).toBeGreaterThan(20);
    const sonnet = rowsOf(after, 'bedrock-output-tokens').find((row) =>
      row.resource_id.startsWith('anthropic.claude-3-5'),
    )!;
    expect(sonnet.last_hour_quantity).toBeCloseTo(6_000_000, -3);
    expect(sonnet.usd_per_hour).toBeCloseTo(90, 0);
    const unknown = rowsOf(after, 'bedrock-input-tokens').find(
      (row) => row.resource_id === 'acme.private-model-v9',
    )!;
    expect(unknown.usd_per_hour).toBeNull();
    expect(unknown.last_hour_quantity).toBeGreaterThan(0);
    expect(unknown.price_unknown_reason).toMatch(/acme.private-model-v9/);
  });

  it('leaves datapoints dated in the future or far in the past out of the spend, and counts them on the card', async () => {
    const before = await view();
    const todayBefore = before.rows.reduce((sum, row) => sum + (row.today_quantity ?? 0), 0);
    const leftOutBefore = before.meters[0]!.left_out;
    simulator.strayMetricDatapoints({ future: 3, past: 2 });
    clock.advance(FIVE_MINUTES);
    await meter.meterIntegration(integrationId);
    const after = await view();
    expect(after.meters[0]!.left_out - leftOutBefore).toBe(5);
    expect(after.meters[0]!.regions.some((region) => region.left_out >= 5)).toBe(true);
    for (const row of after.rows)
      expect(Date.parse(row.last_datapoint_at ?? '0')).toBeLessThan(clock.now().getTime());
    expect(after.rows.reduce((sum, row) => sum + (row.today_quantity ?? 0), 0)).toBeGreaterThanOrEqual(
      todayBefore,
    );
  });

  it('stops a deleted function’s rows: no $ an hour, and its metrics no longer asked for', async () => {
    const fn = rowsOf(await view(), 'lambda-gb-seconds')[0]!.resource_id;
    const metricsBefore = (await view()).meters[0]!.regions.find(
      (region) => region.charge === 'lambda-requests' && region.region === 'us-east-1',
    )!.metrics_per_read;
    simulator.deleteLambdaFunction(accountId, fn);
    clock.advance(FIVE_MINUTES);
    await meter.meterIntegration(integrationId);
    const after = await view();
    const stopped = after.rows.filter((row) => row.resource_id === fn);
    expect(stopped.map((row) => row.charge).sort()).toEqual(['lambda-gb-seconds', 'lambda-requests']);
    for (const row of stopped) {
      expect(row.stopped).toMatch(/No longer listed/);
      expect(row.usd_per_hour).toBeNull();
      expect(row.today_quantity).toBeGreaterThan(0);
    }
    const metricsAfter = after.meters[0]!.regions.find(
      (region) => region.charge === 'lambda-requests' && region.region === 'us-east-1',
    )!.metrics_per_read;
    expect(metricsAfter).toBe(metricsBefore - 1);
  });

  it('names a role without lambda:ListFunctions for Lambda on the card while the other services keep being metered', async () => {
    const roleArn = `arn:aws:iam::${accountId}:role/NoLambda`;
    simulator.registerRole(roleArn, simulator.company.demoExternalId, {
      permissions: TEMPLATE_ROLE_PERMISSIONS.filter((action) => !action.startsWith('lambda:')),
    });
    const other = await signUpVerified(server, 'other@services.test', 'Otto Other');
    const denied = await connectSimulatedAccount(server, other, simulator, { name: 'No Lambda', roleArn });
    await meter.meterIntegration(denied.integrationId);
    const answer = await view(other);
    const lambda = answer.meters[0]!.services.find((service) => service.service === 'lambda')!;
    expect(lambda.state).toBe('failing');
    expect(lambda.error).toMatch(/lacks lambda:ListFunctions in [a-z]+-[a-z]+-\d \(AccessDeniedException\)/);
    expect(answer.meters[0]!.services.find((service) => service.service === 'logs')!.state).toBe('metered');
    expect(answer.rows.some((row) => row.service === 'lambda')).toBe(false);
    expect(rowsOf(answer, 'logs-ingested').length).toBeGreaterThan(0);
    expect(rowsOf(answer, 'nat-gateway-data-processed').length).toBeGreaterThan(0);
  });

  it('answers 400 naming a bad field of a demo scenario, and 409 without a simulated account', async () => {
    const bad = await callAs(server, owner)('POST', '/api/demo/lambda-loop', { duration_ms: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toMatch(/duration_ms/);
    const lonely = await signUpVerified(server, 'lonely@services.test', 'Lena Lonely');
    for (const path of ['/api/demo/lambda-loop', '/api/demo/logging-flood', '/api/demo/token-spike']) {
      const refused = await callAs(server, lonely)('POST', path, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ Code: 'NoSimulatorIntegration' });
    }
  });

  it('spikes at most ten models in the shared simulated accounts, and names a model id that is none', async () => {
    const spike = (model_id: string) => callAs(server, owner)('POST', '/api/demo/token-spike', { model_id });
    const notAnId = await spike('a model; with spaces');
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().Message).toMatch(/model_id/);
    // Two models were spiked above: eight more fit, an eleventh does not, and a spiked one again does.
    for (let model = 1; model <= 8; model++)
      expect((await spike(`acme.model-${model}`)).statusCode).toBe(200);
    const eleventh = await spike('acme.model-9');
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ Code: 'DemoModelsFull' });
    expect((await spike('acme.model-1')).statusCode).toBe(200);
  });
});
