import { PricingClient } from '@aws-sdk/client-pricing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from '../../../aws-sim/index.ts';
import { simulatorClients } from '../../../aws-sim/simulator-clients.ts';
import { startTestSimulator } from '../../../aws-sim/testing/test-simulator.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { savePriceList } from './price-lists.repository.ts';
import { createRegionalPricing } from './regional-pricing.ts';

const log = pino({ level: 'silent' });
const DAY_MS = 86_400_000;
let server: TestApp;
let simulator: AwsSimulator;

beforeAll(async () => {
  server = await createTestApp();
  ({ simulator } = await startTestSimulator());
});
afterAll(async () => {
  await simulator?.close();
  await server?.close();
});

const priceOf = (
  catalog: { catalog: readonly { type: string; hourlyPriceUsd: number | null }[] },
  type: string,
) => catalog.catalog.find((spec) => spec.type === type)?.hourlyPriceUsd;

/** A client for an endpoint nobody listens on, as when the server has no way to AWS. */
const unreachable = () =>
  new PricingClient({
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9',
    credentials: simulator.credentials,
    maxAttempts: 1,
  });

describe('regional prices', () => {
  it('price us-east-1 from the shipped list without calling AWS', async () => {
    const pricing = createRegionalPricing(server.context.database.db, { now: () => new Date(), log });
    const virginia = await pricing.catalogFor('us-east-1');
    expect(virginia.source).toBe('list-us-east-1');
    expect(priceOf(virginia, 'm5.large')).toBe(0.096);
  });

  it('read another region from the Price List API once, then from the cache for a week', async () => {
    const now = new Date('2026-11-22T08:00:00Z');
    const pricing = createRegionalPricing(server.context.database.db, {
      client: simulatorClients(simulator).pricing,
      now: () => now,
      log,
    });
    const ireland = await pricing.catalogFor('eu-west-1');
    expect(ireland.source).toBe('pricing-api');
    expect(priceOf(ireland, 'm5.large')).toBeCloseTo(0.096 * 1.12, 10);
    const calls = simulator.callCount('pricing', 'GetProducts');
    expect(calls).toBe(14);
    await pricing.catalogFor('eu-west-1');
    expect(simulator.callCount('pricing', 'GetProducts')).toBe(calls);
  });

  it('fall back to the us-east-1 price, labelled an estimate, when the API cannot be reached', async () => {
    const pricing = createRegionalPricing(server.context.database.db, {
      client: unreachable(),
      now: () => new Date(),
      log,
    });
    const sydney = await pricing.catalogFor('ap-southeast-2');
    expect(sydney.source).toBe('estimate-us-east-1');
    expect(priceOf(sydney, 'm5.large')).toBe(0.096);
  });

  it('keep using a stale price list rather than guessing when the API is down', async () => {
    const { db } = server.context.database;
    await savePriceList(db, 'us-west-2', new Map([['m5.large', 0.1]]), new Date(Date.now() - 30 * DAY_MS));
    const pricing = createRegionalPricing(db, { client: unreachable(), now: () => new Date(), log });
    const oregon = await pricing.catalogFor('us-west-2');
    expect(oregon.source).toBe('pricing-api');
    expect(priceOf(oregon, 'm5.large')).toBe(0.1);
    // A type the region's list does not offer cannot be proposed there.
    expect(priceOf(oregon, 'm5.xlarge')).toBeNull();
  });

  it('estimate when the Price List API is not configured', async () => {
    const pricing = createRegionalPricing(server.context.database.db, { now: () => new Date(), log });
    expect((await pricing.catalogFor('ap-south-1')).source).toBe('estimate-us-east-1');
  });
});
