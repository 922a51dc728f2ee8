/**
 * Prices the catalog for a region: us-east-1 from the shipped list; other regions from the AWS Price
 * List API when it answers (cached a week in ec2_price_lists), else the us-east-1 price, labelled as
 * an estimate. A failed call is not retried for an hour, so a refresh never waits on it twice.
 */

import type { PricingClient } from '@aws-sdk/client-pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { instanceCatalog } from '../../../catalog/ec2-instance-catalog.ts';
import type { InstanceTypeSpec } from '../../../domain/rightsizing-candidates.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { readPriceList, savePriceList } from './price-lists.repository.ts';
import { fetchRegionPriceList } from './pricing-api.ts';

export const CATALOG_REGION = 'us-east-1';
const PRICE_LIST_MAX_AGE_MS = 7 * 24 * 3_600_000;
const RETRY_AFTER_FAILURE_MS = 3_600_000;

export interface RegionCatalog {
  source: 'list-us-east-1' | 'pricing-api' | 'estimate-us-east-1';
  catalog: readonly InstanceTypeSpec[];
}

export interface RegionalPricingOptions {
  client?: PricingClient;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function createRegionalPricing(db: Kysely<DatabaseSchema>, options: RegionalPricingOptions) {
  let unavailableUntil = 0;

  async function fetchAndStore(region: string): Promise<Map<string, number> | undefined> {
    if (!options.client || options.now().getTime() < unavailableUntil) return undefined;
    try {
      const prices = await fetchRegionPriceList(options.client, region);
      if (prices.size === 0) return undefined;
      await savePriceList(db, region, prices, options.now());
      return prices;
    } catch (error) {
      unavailableUntil = options.now().getTime() + RETRY_AFTER_FAILURE_MS;
      options.log.warn({ err: error, region }, 'AWS Price List API unreachable; using us-east-1 estimates');
      return undefined;
    }
  }

  async function regionPrices(region: string): Promise<Map<string, number> | undefined> {
    const stored = await readPriceList(db, region);
    const fresh = stored && options.now().getTime() - stored.fetchedAt.getTime() < PRICE_LIST_MAX_AGE_MS;
    if (fresh) return stored.prices;
    return (await fetchAndStore(region)) ?? stored?.prices;
  }

  return {
    async catalogFor(region: string): Promise<RegionCatalog> {
      const listed = instanceCatalog();
      if (region === CATALOG_REGION) return { source: 'list-us-east-1', catalog: listed };
      const prices = await regionPrices(region);
      if (!prices) return { source: 'estimate-us-east-1', catalog: listed };
      // A type missing from the region's list is not offered there: it cannot be a candidate.
      const catalog = listed.map((spec) => ({ ...spec, hourlyPriceUsd: prices.get(spec.type) ?? null }));
      return { source: 'pricing-api', catalog };
    },
  };
}

export type RegionalPricing = ReturnType<typeof createRegionalPricing>;
