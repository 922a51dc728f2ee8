import { GetMetricDataCommand } from '@aws-sdk/client-cloudwatch';
import { expect } from 'vitest';
import type { AwsSimulator } from '../../aws-sim/index.ts';
import { simulatorClients } from '../../aws-sim/simulator-clients.ts';
import { startTestSimulator, type TestClock } from '../../aws-sim/testing/test-simulator.ts';
import type { UsageMeterView } from '../../contracts/usage-meter.ts';
import { simulatorAccess } from '../aws-simulator-access.ts';
import { createCostDataService } from '../modules/cost-data/cost-data.service.ts';
import {
  createUsageMeterService,
  type UsageMeterService,
} from '../modules/usage-meter/usage-meter.service.ts';
import {
  connectSimulatedAccount,
  integrationsModuleOf,
  launchEventsModuleOf,
} from './launch-event-fixtures.ts';
import { callAs, type Person, signUpVerified } from './organization-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * What the usage-meter integration tests share: a simulator, an app with the meter on, an owner who
 * connected the simulated company's read-only role, and the meter service the worker runs.
 */
export interface UsageMeterWorld {
  simulator: AwsSimulator;
  clock: TestClock;
  server: TestApp;
  meter: UsageMeterService;
  owner: Person;
  integrationId: string;
  accountId: string;
}

export interface UsageMeterWorldOptions {
  ownerEmail: string;
  /** Meter settings (METER_SERVICES, METER_SERVICE_SECONDS, ...) on top of the meter being on. */
  env: Record<string, string>;
}

const GB = 2 ** 30;
const DAY = 86_400_000;

export async function startUsageMeterWorld(options: UsageMeterWorldOptions): Promise<UsageMeterWorld> {
  const { simulator, clock } = await startTestSimulator();
  const server = await createTestApp({
    clock,
    // One attempt a call: a throttled read reaches the meter (the SDK would retry it itself).
    aws: { ...simulatorAccess(simulator), demo: undefined, maxAttempts: 1 },
    env: { API_RATE_LIMIT_PER_MINUTE: '1000000', USAGE_METER: 'on', ...options.env },
  });
  const meter = createUsageMeterService({
    context: server.context,
    integrations: integrationsModuleOf(server),
    costData: createCostDataService(server.context.database.db),
    launches: launchEventsModuleOf(server),
  });
  const owner = await signUpVerified(server, options.ownerEmail, 'Olivia Owner');
  const { integrationId, accountId } = await connectSimulatedAccount(server, owner, simulator, {
    name: 'Acme',
  });
  return { simulator, clock, server, meter, owner, integrationId, accountId };
}

export async function closeUsageMeterWorld(world: UsageMeterWorld | undefined): Promise<void> {
  await world?.server.close();
  await world?.simulator.close();
}

/** GET /api/usage-meter as `person`, which must answer 200. */
export async function usageMeterViewOf(server: TestApp, person: Person, query = ''): Promise<UsageMeterView> {
  const response = await callAs(server, person)('GET', `/api/usage-meter${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/**
 * What CloudWatch itself says a NAT gateway processed from midnight (UTC) to the last ended period of
 * `periodMs`, read at `readPeriodSeconds` datapoints.
 */
export async function natGatewayProcessedTodayGb(
  world: Pick<UsageMeterWorld, 'simulator' | 'clock'>,
  natGatewayId: string,
  periodMs: number,
  readPeriodSeconds: number,
): Promise<number> {
  const nowMs = world.clock.now().getTime();
  return natGatewayProcessedGb(world.simulator, natGatewayId, {
    fromMs: Math.floor(nowMs / DAY) * DAY,
    toMs: Math.floor(nowMs / periodMs) * periodMs,
    readPeriodSeconds,
  });
}

/** What CloudWatch itself says a NAT gateway processed over [fromMs, toMs). */
export async function natGatewayProcessedGb(
  simulator: AwsSimulator,
  natGatewayId: string,
  window: { fromMs: number; toMs: number; readPeriodSeconds: number },
): Promise<number> {
  const { cloudWatch } = simulatorClients(simulator);
  const answer = await cloudWatch.send(
    new GetMetricDataCommand({
      StartTime: new Date(window.fromMs),
      EndTime: new Date(window.toMs),
      MetricDataQueries: ['BytesOutToDestination', 'BytesOutToSource'].map((MetricName, index) => ({
        Id: `m${index}`,
        MetricStat: {
          Metric: {
            Namespace: 'AWS/NATGateway',
            MetricName,
            Dimensions: [{ Name: 'NatGatewayId', Value: natGatewayId }],
          },
          Period: window.readPeriodSeconds,
          Stat: 'Sum',
        },
      })),
    }),
  );
  return (answer.MetricDataResults ?? []).reduce(
    (sum, result) => sum + (result.Values ?? []).reduce((total, value) => total + value, 0) / GB,
    0,
  );
}
