/**
 * What the live ledger adds to the bill: the hourly run-rate of what is running now, and what the
 * rows will have cost by the end of the month (UTC) if they keep running. Only time after the bill
 * data counts: once billing data covers a row's hours, the billed hours take over. A row without a
 * price is listed in `unpriced`, never dropped and never counted as zero silently.
 */

import { type Ec2PriceLookup, type HourlyPrice, hourlyPriceOf } from './launch-prices.ts';
import type { LedgerRow } from './live-ledger.ts';
import { sumUsd } from './money.ts';

const HOUR_MS = 3_600_000;

export interface PricedSegment {
  fromMs: number;
  toMs?: number;
  /** What this stretch adds an hour over what the bill already carries; null when unknown. */
  addedUsdPerHour: number | null;
}

export interface PricedLedgerRow extends LedgerRow {
  /** One unit of the current type. */
  unitPrice: HourlyPrice;
  /** All units of the current type; null when unknown. */
  usdPerHour: number | null;
  /** The increase over the bill: the whole price for a launch, the difference for a resize. */
  addedUsdPerHour: number | null;
  /** Why `addedUsdPerHour` is null. */
  unknownReason?: string;
  pricedSegments: PricedSegment[];
}

export interface PricingOptions {
  /** The type of an instance the events did not name (no trail), e.g. from the EC2 inventory. */
  knownInstanceType?: (instanceId: string) => string | undefined;
}

export function priceLedgerRows(
  rows: readonly LedgerRow[],
  lookupEc2: Ec2PriceLookup,
  options: PricingOptions = {},
): PricedLedgerRow[] {
  return rows.map((row) => {
    const known =
      row.resource.kind === 'ec2-instance' ? options.knownInstanceType?.(row.resource.id) : undefined;
    const priceOf = (type: string | undefined) =>
      hourlyPriceOf({ ...row.resource, type: type ?? known }, row.region, lookupEc2);
    const before = row.origin === 'resize' ? priceOf(row.previousType) : undefined;
    const baseline = before === undefined ? 0 : before.status === 'priced' ? before.usdPerHour : null;
    const pricedSegments = row.segments.map((segment, index): PricedSegment => {
      const price = priceOf(segment.type);
      const toMs = row.segments[index + 1]?.fromMs ?? row.endedAtMs;
      const added =
        price.status === 'priced' && baseline !== null ? price.usdPerHour * segment.count - baseline : null;
      return { fromMs: segment.fromMs, toMs, addedUsdPerHour: added };
    });
    const unitPrice = priceOf(row.resource.type);
    const usdPerHour = unitPrice.status === 'priced' ? unitPrice.usdPerHour * row.count : null;
    const addedUsdPerHour = pricedSegments.at(-1)?.addedUsdPerHour ?? null;
    const unknownReason =
      addedUsdPerHour !== null
        ? undefined
        : unitPrice.status === 'unknown'
          ? unitPrice.reason
          : 'The size before the resize is not known, so the increase is not either.';
    return { ...row, unitPrice, usdPerHour, addedUsdPerHour, unknownReason, pricedSegments };
  });
}

/**
 * Where the bill data's complete hours end, given the last day it has spend for. CUR exports and Cost
 * Explorer carry a day while it is still running (an export refreshes up to three times a day), so that
 * last day counts as not yet billed: a launch on it stays live until a later day's data arrives, and the
 * billed hours take over then. The price is a possible overlap of a few hours on that partial day.
 */
export function billedThroughMs(lastDayWithSpend: string): number {
  return Date.parse(`${lastDayWithSpend}T00:00:00Z`);
}

export interface LedgerWindow {
  /** Now (ms). */
  atMs: number;
  /** Where the integration's billing data ends (ms); hours before it are billed, not projected. */
  billingDataEndsAtMs?: number;
}

const isRunning = (row: LedgerRow, atMs: number) =>
  row.startedAtMs <= atMs && (row.endedAtMs === undefined || row.endedAtMs > atMs);

export interface LiveRunRate {
  /** USD an hour that running ledger rows add to the bill. */
  usdPerHour: number;
  running: PricedLedgerRow[];
  /** Running rows whose increase is unknown (listed as "price unknown"). */
  unpriced: PricedLedgerRow[];
}

export function liveRunRate(rows: readonly PricedLedgerRow[], window: LedgerWindow): LiveRunRate {
  const running = rows.filter(
    (row) => isRunning(row, window.atMs) && row.startedAtMs >= (window.billingDataEndsAtMs ?? 0),
  );
  return {
    usdPerHour: sumUsd(running.flatMap((row) => (row.addedUsdPerHour === null ? [] : [row.addedUsdPerHour]))),
    running,
    unpriced: running.filter((row) => row.addedUsdPerHour === null),
  };
}

export interface MonthEndProjection {
  /** The UTC month containing `atMs`: [monthStart, monthEnd). */
  monthStart: string;
  monthEnd: string;
  /** Already spent by ledger rows this month after the bill data, up to now. */
  accruedUsd: number;
  /** What running rows add from now to the month's end if nobody stops them. */
  remainingUsd: number;
  projectedUsd: number;
  unpriced: PricedLedgerRow[];
}

function hoursOverlap(fromMs: number, toMs: number | undefined, windowStart: number, windowEnd: number) {
  const start = Math.max(fromMs, windowStart);
  const end = Math.min(toMs ?? windowEnd, windowEnd);
  return end > start ? (end - start) / HOUR_MS : 0;
}

export function projectMonthEnd(rows: readonly PricedLedgerRow[], window: LedgerWindow): MonthEndProjection {
  const now = new Date(window.atMs);
  const monthStartMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const monthEndMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const countedFrom = Math.max(monthStartMs, window.billingDataEndsAtMs ?? 0);
  const accrued: number[] = [];
  const remaining: number[] = [];
  const unpriced = new Set<PricedLedgerRow>();
  for (const row of rows) {
    if (row.startedAtMs < (window.billingDataEndsAtMs ?? 0)) continue;
    for (const segment of row.pricedSegments) {
      const pastHours = hoursOverlap(segment.fromMs, segment.toMs, countedFrom, window.atMs);
      const futureHours = hoursOverlap(segment.fromMs, segment.toMs, window.atMs, monthEndMs);
      if (pastHours + futureHours === 0) continue;
      if (segment.addedUsdPerHour === null) unpriced.add(row);
      else {
        accrued.push(segment.addedUsdPerHour * pastHours);
        remaining.push(segment.addedUsdPerHour * futureHours);
      }
    }
  }
  const accruedUsd = sumUsd(accrued);
  const remainingUsd = sumUsd(remaining);
  return {
    monthStart: new Date(monthStartMs).toISOString(),
    monthEnd: new Date(monthEndMs).toISOString(),
    accruedUsd,
    remainingUsd,
    projectedUsd: sumUsd([accruedUsd, remainingUsd]),
    unpriced: [...unpriced],
  };
}
