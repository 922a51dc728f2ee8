import { describe, expect, it } from 'vitest';
import { inMeterWindow, MAX_CATCH_UP_MS, METER_PERIOD_MS, meterWindow } from './usage-meter-window.ts';

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
});
