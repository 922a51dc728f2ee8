import { describe, expect, it } from 'vitest';
import {
  FINE_READ_MS,
  inMeterWindow,
  MAX_CATCH_UP_MS,
  METER_PERIOD_MS,
  meterWindow,
  windowParts,
} from './usage-meter-window.ts';

const at = (iso: string) => Date.parse(iso);

describe('meterWindow', () => {
  it('reads back to the catch-up limit on the first read, up to the last ended period', () => {
    const window = meterWindow(undefined, at('2026-12-06T10:07:30Z'));
    expect(window?.endMs).toBe(at('2026-12-06T10:05:00Z'));
    expect(window?.startMs).toBe(at('2026-12-06T10:05:00Z') - MAX_CATCH_UP_MS);
    expect(window?.settledThroughMs).toBe(at('2026-12-06T09:50:00Z'));
  });

  it('reads the last three ended periods again, from the cursor', () => {
    const window = meterWindow(at('2026-12-06T09:50:00Z'), at('2026-12-06T10:12:00Z'));
    expect(window).toEqual({
      periodMs: METER_PERIOD_MS,
      startMs: at('2026-12-06T09:50:00Z'),
      endMs: at('2026-12-06T10:10:00Z'),
      settledThroughMs: at('2026-12-06T09:55:00Z'),
    });
  });

  it('covers the whole gap after reads that failed, so no period is left out', () => {
    const window = meterWindow(at('2026-12-06T06:00:00Z'), at('2026-12-06T10:12:00Z'));
    expect(window?.startMs).toBe(at('2026-12-06T06:00:00Z'));
    expect(window?.endMs).toBe(at('2026-12-06T10:10:00Z'));
  });

  it('names the periods it cannot go back to after an outage longer than the catch-up', () => {
    const window = meterWindow(at('2026-12-01T00:00:00Z'), at('2026-12-06T10:12:00Z'));
    expect(window?.skippedFromMs).toBe(at('2026-12-01T00:00:00Z'));
    expect(window?.startMs).toBe(at('2026-12-06T10:10:00Z') - MAX_CATCH_UP_MS);
  });

  it('has nothing to read twice within one period, and keeps the cursor from going back', () => {
    const first = meterWindow(at('2026-12-06T09:55:00Z'), at('2026-12-06T10:12:00Z'));
    const again = meterWindow(first?.settledThroughMs, at('2026-12-06T10:13:00Z'));
    expect(again?.startMs).toBe(first?.startMs);
    expect(again?.settledThroughMs).toBe(first?.settledThroughMs);
  });

  it('leaves datapoints dated in the future or before the window out', () => {
    const window = meterWindow(at('2026-12-06T09:50:00Z'), at('2026-12-06T10:12:00Z'))!;
    expect(inMeterWindow(window, at('2026-12-06T09:55:00Z'))).toBe(true);
    expect(inMeterWindow(window, at('2026-12-06T10:10:00Z'))).toBe(false);
    expect(inMeterWindow(window, at('2026-12-06T09:45:00Z'))).toBe(false);
    expect(METER_PERIOD_MS).toBe(300_000);
  });

  it('reads one-minute periods up to the last ended minute, the cursor on a five-minute boundary', () => {
    const window = meterWindow(at('2026-12-06T09:50:00Z'), at('2026-12-06T10:12:30Z'), 60_000);
    expect(window).toEqual({
      periodMs: 60_000,
      startMs: at('2026-12-06T09:50:00Z'),
      endMs: at('2026-12-06T10:12:00Z'),
      settledThroughMs: at('2026-12-06T09:55:00Z'),
    });
  });

  it('starts on a boundary of both lengths when the period length changes, so a read replaces the other length', () => {
    // A cursor a one-minute read left between five-minute boundaries: five-minute reads start before it.
    const longer = meterWindow(at('2026-12-06T09:57:00Z'), at('2026-12-06T10:12:30Z'), METER_PERIOD_MS);
    expect(longer?.startMs).toBe(at('2026-12-06T09:55:00Z'));
    const shorter = meterWindow(at('2026-12-06T09:55:00Z'), at('2026-12-06T10:12:30Z'), 60_000);
    expect(shorter?.startMs).toBe(at('2026-12-06T09:55:00Z'));
  });

  it('reads a catch-up older than the last hour in five-minute periods at a one-minute length, with no gap or overlap', () => {
    const window = meterWindow(undefined, at('2026-12-06T10:12:30Z'), 60_000)!;
    const [older, fresh] = windowParts(window);
    expect(older).toMatchObject({
      periodMs: METER_PERIOD_MS,
      startMs: window.startMs,
      endMs: at('2026-12-06T09:10:00Z'),
    });
    expect(fresh).toMatchObject({
      periodMs: 60_000,
      startMs: at('2026-12-06T09:10:00Z'),
      endMs: window.endMs,
    });
    expect(window.endMs - (fresh?.startMs ?? 0)).toBeLessThanOrEqual(FINE_READ_MS + METER_PERIOD_MS);
  });

  it('reads a usual window in one part', () => {
    const fine = meterWindow(at('2026-12-06T09:50:00Z'), at('2026-12-06T10:12:30Z'), 60_000)!;
    expect(windowParts(fine)).toEqual([fine]);
    const coarse = meterWindow(undefined, at('2026-12-06T10:12:30Z'))!;
    expect(windowParts(coarse)).toEqual([coarse]);
  });
});
