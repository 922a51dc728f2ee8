/**
 * Which periods one meter read asks CloudWatch for (docs/decisions/091). A period is counted only
 * once it has ended; the last few ended periods are read again on every read, because CloudWatch
 * datapoints can arrive minutes late, and each read replaces what was stored for a period (never adds
 * to it), so a period read twice is counted once. The cursor is where the settled periods end: a read
 * starts there, so a read that failed (throttled, refused, a killed worker) leaves the cursor where it
 * was and the next read covers the gap.
 */

/**
 * The meter's default period (`METER_PERIOD_SECONDS`, docs/decisions/104): the metered services publish
 * every minute, five of them make one row.
 */
export const METER_PERIOD_MS = 5 * 60_000;
/**
 * The period lengths an operator may choose: one minute (AWS's own resolution for these metrics, the
 * freshest a warning can be) or five. Both divide an hour and a day, and a five-minute period starts on
 * a minute, so a read at either length replaces what the other stored (see `meterWindow`).
 */
export const METER_PERIOD_SECONDS_ALLOWED = [60, 300] as const;
/** How far back every read reads again: datapoints up to a quarter of an hour late still count. */
export const REREAD_MS = 15 * 60_000;
/** A first read (or one after a long outage) goes back at most this far: today and the hour before midnight. */
export const MAX_CATCH_UP_MS = 26 * 3_600_000;

export interface MeterWindow {
  /** The period length the window is read in. */
  periodMs: number;
  /** A period boundary at both allowed lengths: a read replaces everything stored from here to `endMs`. */
  startMs: number;
  /** The end of the last ended period: nothing at or after it is asked for. */
  endMs: number;
  /** Where the cursor moves once this read is stored: periods before it are not read again. */
  settledThroughMs: number;
  /** Periods before this were never read (an outage longer than the catch-up): the gap is named, not hidden. */
  skippedFromMs?: number;
}

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/**
 * The window of one read at `nowMs`, from the stored cursor (undefined before the first read), in
 * periods of `periodMs`. Its start is a boundary of the longest allowed period, so after the operator
 * changes the period length the read replaces every row the other length stored in the window: the
 * cursor never splits a period of either length, and nothing is counted twice or skipped.
 */
export function meterWindow(
  cursorMs: number | undefined,
  nowMs: number,
  periodMs: number = METER_PERIOD_MS,
): MeterWindow | undefined {
  const align = Math.max(periodMs, METER_PERIOD_MS);
  const endMs = floorTo(nowMs, periodMs);
  const earliest = floorTo(endMs - MAX_CATCH_UP_MS, align);
  const settled = floorTo(endMs - REREAD_MS, align);
  const from = cursorMs === undefined ? earliest : Math.min(floorTo(cursorMs, align), settled);
  const startMs = Math.max(from, earliest);
  if (startMs >= endMs) return undefined;
  return {
    periodMs,
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

/** At one-minute periods, how far back a read asks for minutes; anything older (a catch-up) is read in five. */
export const FINE_READ_MS = 60 * 60_000;

/**
 * The parts one read asks CloudWatch for (docs/decisions/104): the whole window at its period length,
 * except that at a period shorter than five minutes a catch-up older than `FINE_READ_MS` is read in
 * five-minute periods (a first read's 26 hours in minutes would store five times the rows for no
 * fresher warning). The parts meet on a five-minute boundary, so each period is in exactly one.
 */
export function windowParts(window: MeterWindow): MeterWindow[] {
  if (window.periodMs >= METER_PERIOD_MS) return [window];
  const fineFrom = Math.max(window.startMs, floorTo(window.endMs - FINE_READ_MS, METER_PERIOD_MS));
  if (fineFrom <= window.startMs) return [window];
  return [
    { ...window, periodMs: METER_PERIOD_MS, endMs: fineFrom },
    { ...window, startMs: fineFrom },
  ];
}
