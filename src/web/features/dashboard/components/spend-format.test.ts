import { describe, expect, it } from 'vitest';
import { formatPercent, formatRange, formatSignedUsd, formatUsdAxis } from './spend-format.ts';

describe('how the dashboard writes ranges and changes', () => {
  it('names a whole month, a whole year and a single day', () => {
    expect(formatRange('2026-11-01', '2026-11-30')).toBe('November 2026');
    expect(formatRange('2026-01-01', '2026-12-31')).toBe('2026');
    expect(formatRange('2026-11-24', '2026-11-24')).toBe('Nov 24, 2026');
  });

  it('writes part of a month as its days, not as the month', () => {
    expect(formatRange('2026-10-01', '2026-10-24')).toBe('Oct 1 – Oct 24, 2026');
    expect(formatRange('2025-12-30', '2026-01-02')).toBe('Dec 30, 2025 – Jan 2, 2026');
  });

  it('signs changes and calls a series with nothing before it new', () => {
    expect(formatSignedUsd(12.5)).toBe('+$12.50');
    expect(formatSignedUsd(-3)).toBe('−$3.00');
    expect(formatPercent(null)).toBe('new');
    expect(formatPercent(-2.94)).toBe('-2.9%');
  });

  it('labels an axis tick with its exact value, never a rounded one', () => {
    expect(formatUsdAxis(2_250, 250)).toBe('$2.25K');
    expect(formatUsdAxis(1_250_000, 250_000)).toBe('$1.25M');
    expect(formatUsdAxis(7.5, 2.5)).toBe('$7.50');
    expect(formatUsdAxis(0.25, 0.05)).toBe('$0.25');
  });
});
