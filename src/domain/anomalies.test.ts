import { describe, expect, it } from 'vitest';
import { anomalyDedupeKey, dailyBaseline, detectDailyAnomaly } from './anomalies.ts';
import { addDays } from './calendar-days.ts';
import { dailyCosts, isWeekend, seededNormal } from './testing/synthetic-daily-costs.ts';

const day = '2026-11-21'; // a Saturday
const flat = dailyCosts('2026-09-01', addDays(day, -1), () => 100);
const detect = (
  history = flat,
  cost = 100,
  sensitivity: 'low' | 'medium' | 'high' = 'medium',
  minImpactUsd = 25,
) => detectDailyAnomaly({ history, day, cost, sensitivity, minImpactUsd });

describe('history needed for a verdict', () => {
  it('gives no verdict with fewer than 10 days of history, and says why', () => {
    const history = dailyCosts(addDays(day, -9), addDays(day, -1), () => 100);
    expect(detect(history, 10_000)).toEqual({
      verdict: 'no-verdict',
      reason: 'needs 10 days of history; this series has 9',
      historyDays: 9,
    });
  });
  it('judges with exactly 10 days', () => {
    const history = dailyCosts(addDays(day, -10), addDays(day, -1), () => 100);
    expect(detect(history, 10_000)).toMatchObject({ verdict: 'anomaly', historyDays: 10 });
  });
  it('counts quiet days inside the series as history', () => {
    const sparse = [
      { date: addDays(day, -12), amount: 100 },
      { date: addDays(day, -1), amount: 100 },
    ];
    expect(detect(sparse, 50).historyDays).toBe(12);
  });
  it('looks back 90 days at most', () => {
    const old = dailyCosts('2025-01-01', addDays(day, -91), () => 1000);
    const recent = dailyCosts(addDays(day, -90), addDays(day, -1), () => 100);
    expect(detect([...old, ...recent], 100)).toMatchObject({
      verdict: 'normal',
      expected: 100,
      historyDays: 90,
    });
  });
  it('ignores costs on or after the judged day', () => {
    const withFuture = [...flat, { date: day, amount: 9999 }, { date: addDays(day, 1), amount: 9999 }];
    expect(detect(withFuture, 100)).toMatchObject({ verdict: 'normal', expected: 100 });
  });
});

describe('the upper bound and the dollar impact', () => {
  // Steady $100 a day: spread is the 3% floor ($3), the medium bound 100 + 3.5 x 3 = $110.50.
  it('flags a day above the bound with enough dollars at stake', () => {
    expect(detect(flat, 200)).toEqual({
      verdict: 'anomaly',
      cost: 200,
      expected: 100,
      upperBound: 110.5,
      impact: 100,
      historyDays: 81,
    });
  });
  it('does not flag a day exactly at the bound', () => {
    expect(detect(flat, 110.5, 'medium', 5).verdict).toBe('normal');
    expect(detect(flat, 110.51, 'medium', 5).verdict).toBe('anomaly');
  });
  it('flags an impact of exactly the minimum, not a cent less', () => {
    expect(detect(flat, 125).verdict).toBe('anomaly');
    expect(detect(flat, 124.99).verdict).toBe('normal');
  });
  it('leaves a cheap series alone when the dollars are small, however large the jump', () => {
    const cheap = dailyCosts('2026-09-01', addDays(day, -1), () => 1);
    expect(detect(cheap, 20)).toMatchObject({ verdict: 'normal', impact: 19 });
  });
  it('never flags a day below expected', () => {
    expect(detect(flat, 0)).toMatchObject({ verdict: 'normal', impact: -100 });
  });
});

describe('weekday seasonality', () => {
  const weekly = dailyCosts('2026-09-01', addDays(day, -1), (d) => (isWeekend(d) ? 10 : 100));

  it('expects a quiet Saturday to be quiet', () => {
    expect(dailyBaseline(weekly, day)!.expected).toBe(10);
  });
  it('flags a Saturday costing a weekday amount', () => {
    expect(detect(weekly, 80)).toMatchObject({ verdict: 'anomaly', expected: 10, impact: 70 });
  });
  it('finds a normal Monday normal', () => {
    const monday = addDays(day, 2);
    expect(detectDailyAnomaly({ history: weekly, day: monday, cost: 100, sensitivity: 'high' }).verdict).toBe(
      'normal',
    );
  });
  it('treats every weekday alike with under three weeks of history', () => {
    const short = weekly.slice(-15);
    expect(dailyBaseline(short, day)!.expected).toBe(100);
  });
});

describe('a robust baseline', () => {
  it('follows a recent step up instead of flagging the new normal', () => {
    const stepped = dailyCosts('2026-09-01', addDays(day, -1), (d) => (d >= '2026-11-01' ? 200 : 100));
    expect(detect(stepped, 205)).toMatchObject({ verdict: 'normal', expected: 200 });
  });
  it('is not raised by a past one-off spike', () => {
    const spiked = flat.map((cost) => (cost.date === '2026-11-10' ? { ...cost, amount: 5000 } : cost));
    expect(dailyBaseline(spiked, day)).toMatchObject({ expected: 100, spread: 3 });
  });
});

describe('sensitivity', () => {
  const noise = seededNormal(3);
  const noisy = dailyCosts('2026-09-01', addDays(day, -1), () => 1000 + 50 * noise());
  const bounds = (['low', 'medium', 'high'] as const).map((sensitivity) => {
    const verdict = detect(noisy, 1000, sensitivity);
    return verdict.verdict === 'no-verdict' ? Number.NaN : verdict.upperBound;
  });

  it('draws the bound closer as sensitivity rises', () => {
    expect(bounds[0]!).toBeGreaterThan(bounds[1]!);
    expect(bounds[1]!).toBeGreaterThan(bounds[2]!);
  });
  it('flags on high what it lets pass on low', () => {
    const between = (bounds[0]! + bounds[2]!) / 2;
    expect(detect(noisy, between, 'high').verdict).toBe('anomaly');
    expect(detect(noisy, between, 'low').verdict).toBe('normal');
  });
  it('puts the medium bound about 3.5 standard deviations above a noisy baseline', () => {
    const baseline = dailyBaseline(noisy, day)!;
    expect(baseline.spread).toBeGreaterThan(30);
    expect(baseline.spread).toBeLessThan(75);
  });
});

it('keys an anomaly alert by rule, series and day', () => {
  expect(anomalyDedupeKey('rule-1', 'service:Amazon EC2', day)).toBe(
    'anomaly:rule-1:service:Amazon EC2:2026-11-21',
  );
});
