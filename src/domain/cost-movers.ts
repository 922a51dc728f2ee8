/**
 * "Top movers" on the dashboard: the series whose spend changed most against the previous
 * period of the same length, largest increases and largest decreases, with amounts.
 */

import { sumUsd } from './money.ts';

export interface SeriesTotal {
  key: string;
  total: number;
}

export interface CostMover {
  key: string;
  current: number;
  previous: number;
  change: number;
  /** Change relative to the previous period, in percent; null when the previous period was zero. */
  changePercent: number | null;
}

/** Changes smaller than a cent are noise, not movement. */
const MIN_CHANGE_USD = 0.01;

export function costMovers(
  current: readonly SeriesTotal[],
  previous: readonly SeriesTotal[],
  limit = 5,
): { increases: CostMover[]; decreases: CostMover[] } {
  const before = new Map(previous.map((series) => [series.key, series.total]));
  const now = new Map(current.map((series) => [series.key, series.total]));
  const keys = new Set([...now.keys(), ...before.keys()]);
  const movers = [...keys].map((key): CostMover => {
    const currentTotal = now.get(key) ?? 0;
    const previousTotal = before.get(key) ?? 0;
    const change = sumUsd([currentTotal, -previousTotal]);
    return {
      key,
      current: currentTotal,
      previous: previousTotal,
      change,
      changePercent: previousTotal === 0 ? null : (change / previousTotal) * 100,
    };
  });
  const byKey = (a: CostMover, b: CostMover) => a.key.localeCompare(b.key);
  return {
    increases: movers
      .filter((mover) => mover.change >= MIN_CHANGE_USD)
      .sort((a, b) => b.change - a.change || byKey(a, b))
      .slice(0, limit),
    decreases: movers
      .filter((mover) => mover.change <= -MIN_CHANGE_USD)
      .sort((a, b) => a.change - b.change || byKey(a, b))
      .slice(0, limit),
  };
}

/** Change of a total against the previous period, in percent; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}
