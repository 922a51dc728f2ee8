/**
 * Which periods one meter read asks CloudWatch for (docs/decisions/091). A period is counted only
 * once it has ended; the last few ended periods are read again on every read, because CloudWatch
 * datapoints can arrive minutes late, and each read replaces what was stored for a period (never adds
 * to it), so a period read twice is counted once. The cursor is where the settled periods end: a read
 * starts there, so a read that failed (throttled, refused, a killed worker) leaves the cursor where it
 * was and the next read covers the gap.
 */

/** The meter's period: NAT gateways publish every minute, five of them make one row. */
export const METER_PERIOD_MS = 5 * 60_000;
/** Ended periods read again on every read: datapoints up to a quarter of an hour late still count. */
export const REREAD_PERIODS = 3;
/** A first read (or one after a long outage) goes back at most this far: today and the hour before midnight. */
export const MAX_CATCH_UP_MS = 26 * 3_600_000;

export interface MeterWindow {
  startMs: number;
  /** The end of the last ended period: nothing at or after it is asked for. */
  endMs: number;
  /** Where the cursor moves once this read is stored: periods before it are not read again. */
  settledThroughMs: number;
  /** Periods before this were never read (an outage longer than the catch-up): the gap is named, not hidden. */
  skippedFromMs?: number;
}

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/** The window of one read at `nowMs`, from the stored cursor (undefined before the first read). */
export function meterWindow(cursorMs: number | undefined, nowMs: number): MeterWindow | undefined {
  const endMs = floorTo(nowMs, METER_PERIOD_MS);
  const earliest = endMs - MAX_CATCH_UP_MS;
  const settled = endMs - REREAD_PERIODS * METER_PERIOD_MS;
  const from = cursorMs === undefined ? earliest : Math.min(floorTo(cursorMs, METER_PERIOD_MS), settled);
  const startMs = Math.max(from, earliest);
  if (startMs >= endMs) return undefined;
  return {
    startMs,
    endMs,
    settledThroughMs: Math.max(settled, startMs),
    ...(cursorMs !== undefined && cursorMs < earliest ? { skippedFromMs: cursorMs } : {}),
  };
}

/** Whether a datapoint belongs to the window: one dated outside it (the future, far back) is left out. */
export function inMeterWindow(window: MeterWindow, timestampMs: number): boolean {
  return timestampMs >= window.startMs && timestampMs < window.endMs;
}
