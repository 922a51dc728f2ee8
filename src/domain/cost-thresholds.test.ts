import { describe, expect, it } from 'vitest';
import { addDays, eachDay } from './calendar-days.ts';
import { type CostThresholdRule, evaluateCostThreshold } from './cost-thresholds.ts';

const day = '2026-11-21';
const dailyAmount: CostThresholdRule = { id: 'r1', kind: 'daily-amount', amountUsd: 250 };
const fiftyPercentAbove: CostThresholdRule = { id: 'r2', kind: 'above-trailing-average', percent: 50 };

/** The 7 days before `day` at $100 each, and `day` itself at `cost`. */
function week(cost: number, previous: number[] = [100, 100, 100, 100, 100, 100, 100]) {
  const days = eachDay(addDays(day, -7), addDays(day, -1));
  return new Map<string, number>([...days.map((d, i) => [d, previous[i]!] as [string, number]), [day, cost]]);
}
const evaluate = (rule: CostThresholdRule, dailyCosts: Map<string, number>, alreadyFired: string[] = []) =>
  evaluateCostThreshold({ rule, day, dailyCosts, alreadyFired: new Set(alreadyFired) });

describe('a daily spend limit', () => {
  it('fires when the day costs more than the amount', () => {
    expect(evaluate(dailyAmount, week(250.01))).toEqual({
      verdict: 'fires',
      dedupeKey: 'cost-threshold:r1:2026-11-21',
      cost: 250.01,
      limit: 250,
    });
  });
  it('stays quiet at exactly the amount', () => {
    expect(evaluate(dailyAmount, week(250))).toEqual({ verdict: 'quiet', cost: 250, limit: 250 });
  });
  it('stays quiet when float sums land a hair above the amount', () => {
    expect(evaluate({ ...dailyAmount, amountUsd: 0.3 }, week(0.1 + 0.2)).verdict).toBe('quiet');
  });
  it('needs no history', () => {
    expect(evaluate(dailyAmount, new Map([[day, 300]])).verdict).toBe('fires');
  });
});

describe('a day more than N% above the trailing 7-day average', () => {
  it('fires above average x (1 + N%)', () => {
    expect(evaluate(fiftyPercentAbove, week(150.01))).toMatchObject({ verdict: 'fires', limit: 150 });
  });
  it('stays quiet at exactly N% above the average', () => {
    expect(evaluate(fiftyPercentAbove, week(150)).verdict).toBe('quiet');
  });
  it('compares exactly when the average is not a round number', () => {
    // 7 days totalling $10: average 1.428571...; 50% above is 2.142857...
    const uneven = [1, 1, 1, 1, 2, 2, 2];
    expect(evaluate(fiftyPercentAbove, week(2.142857, uneven)).verdict).toBe('quiet');
    expect(evaluate(fiftyPercentAbove, week(2.142858, uneven)).verdict).toBe('fires');
  });
  it('uses the 7 days before the day, not the day itself', () => {
    const rising = [10, 10, 10, 10, 10, 10, 10];
    expect(evaluate(fiftyPercentAbove, week(16, rising)).verdict).toBe('fires');
  });
  it('gives no verdict without all 7 previous days, and names the missing ones', () => {
    const costs = week(500);
    costs.delete(addDays(day, -3));
    expect(evaluate(fiftyPercentAbove, costs)).toEqual({
      verdict: 'no-verdict',
      reason: 'needs the 7 days before 2026-11-21; missing 2026-11-18',
    });
  });
  it('counts a day that cost nothing as history (the caller enters 0)', () => {
    expect(evaluate(fiftyPercentAbove, week(1, [0, 0, 0, 0, 0, 0, 0])).verdict).toBe('fires');
    expect(evaluate(fiftyPercentAbove, week(0, [0, 0, 0, 0, 0, 0, 0])).verdict).toBe('quiet');
  });
});

describe('alerting once per rule per day', () => {
  it('does not fire again for a day it already fired', () => {
    expect(evaluate(dailyAmount, week(900), ['cost-threshold:r1:2026-11-21'])).toEqual({
      verdict: 'already-fired',
      dedupeKey: 'cost-threshold:r1:2026-11-21',
    });
  });
  it('fires for the next day on its own key', () => {
    const costs = new Map([[addDays(day, 1), 900]]);
    const next = evaluateCostThreshold({
      rule: dailyAmount,
      day: addDays(day, 1),
      dailyCosts: costs,
      alreadyFired: new Set(['cost-threshold:r1:2026-11-21']),
    });
    expect(next).toMatchObject({ verdict: 'fires', dedupeKey: 'cost-threshold:r1:2026-11-22' });
  });
  it('gives no verdict for a day without cost data', () => {
    expect(evaluate(dailyAmount, new Map())).toEqual({
      verdict: 'no-verdict',
      reason: 'no cost data for 2026-11-21',
    });
  });
});
