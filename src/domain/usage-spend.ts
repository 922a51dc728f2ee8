/**
 * What a metered resource used and costs (docs/decisions/091): its periods' quantities summed over
 * the last hour and today (UTC), priced. "$ an hour" is the last hour's use at its price and "$ a day"
 * that hour going on for 24. A resource with no datapoints has no spend ("no data"), not $0; a price
 * that is unknown leaves the dollars null and says why.
 */

import { roundToCents } from './money.ts';
import type { UsagePrice } from './usage-prices.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface MeteredPeriod {
  periodStartMs: number;
  /** In the charge's unit (GB for NAT data processing). */
  quantity: number;
}

export interface UsageSpend {
  lastHourQuantity: number | null;
  todayQuantity: number | null;
  usdPerHour: number | null;
  usdPerDay: number | null;
  todayUsd: number | null;
  lastDatapointAtMs: number | null;
  priceUnknownReason?: string;
}

/** The spend of one resource's periods at `nowMs` (periods ending at or before it). */
export function usageSpendOf(
  periods: readonly MeteredPeriod[],
  price: UsagePrice,
  nowMs: number,
): UsageSpend {
  const todayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const inRange = (from: number) => periods.filter((period) => period.periodStartMs >= from);
  const sum = (chosen: readonly MeteredPeriod[]) =>
    chosen.length === 0 ? null : chosen.reduce((total, period) => total + period.quantity, 0);
  const lastHourQuantity = sum(inRange(nowMs - HOUR_MS));
  const todayQuantity = sum(inRange(todayStart));
  const lastDatapointAtMs = periods.length === 0 ? null : Math.max(...periods.map((p) => p.periodStartMs));
  const priced = (quantity: number | null) =>
    quantity === null || price.status !== 'priced' ? null : roundToCents(quantity * price.usdPerUnit);
  const usdPerHour = priced(lastHourQuantity);
  return {
    lastHourQuantity,
    todayQuantity,
    usdPerHour,
    usdPerDay: usdPerHour === null ? null : roundToCents(usdPerHour * 24),
    todayUsd: priced(todayQuantity),
    lastDatapointAtMs,
    ...(price.status === 'unknown' ? { priceUnknownReason: price.reason } : {}),
  };
}
