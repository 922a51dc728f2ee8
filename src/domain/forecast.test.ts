import { describe, expect, it } from 'vitest';
import { eachDay } from './calendar-days.ts';
import type { DailyCost } from './daily-costs.ts';
import { forecastMonthEnd, forecastPeriodEnd, naiveRunRateForecast } from './forecast.ts';
import { dailyCosts, isWeekend } from './testing/synthetic-daily-costs.ts';

const today = '2026-11-15';
const completeThrough = '2026-11-14';
/** Complete days from September 1 through November 14, then what today shows so far. */
const withToday = (history: DailyCost[], todaySoFar: number) => [
  ...history,
  { date: today, amount: todaySoFar },
];
const sumOf = (costs: DailyCost[]) => costs.reduce((sum, cost) => sum + cost.amount, 0);

describe('month-end forecast on a flat $100 a day', () => {
  const history = withToday(
    dailyCosts('2026-09-01', completeThrough, () => 100),
    40,
  );
  const result = forecastMonthEnd({ history, today });

  it('counts today as it stands in month-to-date', () => expect(result.monthToDate).toBe(1440));
  it('lands on $3,000 for 30 days, today counted as a full day', () =>
    expect(result.forecast).toBeCloseTo(3000, 6));
  it('has no spread when the days never vary', () => {
    expect(result.lower).toBeCloseTo(3000, 6);
    expect(result.upper).toBeCloseTo(3000, 6);
  });
  it('uses the weekday model with this much history', () => expect(result.method).toBe('seasonal-trend'));
});

describe('month-end forecast with weekday seasonality', () => {
  const amountOf = (day: string) => (isWeekend(day) ? 30 : 120);
  const history = dailyCosts('2026-09-01', completeThrough, amountOf);
  const actualNovember = sumOf(dailyCosts('2026-11-01', '2026-11-30', amountOf));

  it('follows the weekly pattern for the days left', () => {
    const result = forecastMonthEnd({ history, today, completeThrough });
    expect(result.forecast).toBeCloseTo(actualNovember, 0);
  });
  it('is closer to the real month than the naive run-rate', () => {
    const forecast = forecastMonthEnd({ history, today, completeThrough }).forecast;
    const naive = naiveRunRateForecast({ history, today, completeThrough });
    expect(Math.abs(forecast - actualNovember)).toBeLessThan(Math.abs(naive - actualNovember));
  });
});

describe('month-end forecast on a rising bill', () => {
  const amountOf = (_day: string, index: number) => 100 + 2 * index;
  const history = dailyCosts('2026-09-01', completeThrough, amountOf);
  const actualNovember = sumOf(
    dailyCosts('2026-09-01', '2026-11-30', amountOf).filter((c) => c.date >= '2026-11-01'),
  );

  it('carries the trend to the end of the month', () => {
    const result = forecastMonthEnd({ history, today, completeThrough });
    expect(result.forecast).toBeCloseTo(actualNovember, 2);
  });
  it('beats the run-rate, which lags a rising bill', () => {
    const naive = naiveRunRateForecast({ history, today, completeThrough });
    expect(naive).toBeLessThan(actualNovember - 100);
  });
  it('holds the level after a month, not trusting a trend forever', () => {
    const result = forecastPeriodEnd({
      history,
      today,
      completeThrough,
      periodStart: '2026-11-15',
      periodEnd: '2027-01-13', // 60 days ahead
    });
    const lastLevel = 100 + 2 * (eachDay('2026-09-01', completeThrough).length - 1);
    const expected = eachDay('2026-11-15', '2027-01-13').reduce(
      (sum, _day, i) => sum + lastLevel + 2 * Math.min(i + 1, 31),
      0,
    );
    expect(result.forecast).toBeCloseTo(expected, 2);
  });
});

describe('month-end forecast after a one-off spike', () => {
  const history = dailyCosts('2026-09-01', completeThrough, (day) => (day === '2026-11-03' ? 5000 : 100));
  const result = forecastMonthEnd({ history, today, completeThrough });

  it('keeps the spike in month-to-date but does not repeat it', () => {
    expect(result.monthToDate).toBe(6300);
    expect(result.forecast).toBeCloseTo(6300 + 16 * 100, 6);
  });
  it('where the run-rate would multiply it across the month', () => {
    expect(naiveRunRateForecast({ history, today, completeThrough })).toBeCloseTo((6300 / 14) * 30, 6);
  });
});

describe('month-end forecast with little history', () => {
  const history = withToday(
    dailyCosts('2026-11-10', completeThrough, () => 100),
    0,
  );
  const result = forecastMonthEnd({ history, today });

  it('falls back to the run-rate of the days there are', () => {
    expect(result.method).toBe('run-rate');
    expect(result.forecast).toBeCloseTo(500 + 16 * 100, 6);
  });
  it('shows a wide interval: half the predicted rest either way', () => {
    expect(result.upper - result.forecast).toBeCloseTo(800, 6);
    expect(result.forecast - result.lower).toBeCloseTo(800, 6);
  });
  it('says so when there is nothing to project from', () => {
    const empty = forecastMonthEnd({ history: [], today });
    expect(empty).toEqual({ monthToDate: 0, forecast: 0, lower: 0, upper: 0, method: 'no-history' });
  });
});

describe('what the forecast never does', () => {
  it('never falls below what is already billed, even when spend stopped', () => {
    const history = dailyCosts('2026-09-01', completeThrough, (day) => (day < '2026-11-05' ? 1000 : 0));
    const result = forecastMonthEnd({ history, today, completeThrough });
    expect(result.forecast).toBeGreaterThanOrEqual(result.monthToDate);
    expect(result.lower).toBeGreaterThanOrEqual(result.monthToDate);
  });
  it('never predicts a day below what that day already shows', () => {
    const history = withToday(
      dailyCosts('2026-09-01', completeThrough, () => 100),
      250,
    );
    expect(forecastMonthEnd({ history, today }).forecast).toBeCloseTo(1400 + 250 + 15 * 100, 6);
  });
  it('predicts no negative days on a bill falling toward zero', () => {
    const history = dailyCosts('2026-09-01', completeThrough, (_day, index) => 1000 - 12 * index);
    const result = forecastMonthEnd({ history, today, completeThrough });
    // November 14 cost $112; the days left fall by $12 until they would turn negative, then stay at $0.
    const daysLeft = [100, 88, 76, 64, 52, 40, 28, 16, 4].reduce((sum, amount) => sum + amount, 0);
    expect(result.forecast - result.monthToDate).toBeCloseTo(daysLeft, 6);
  });
});

describe('which days count as complete', () => {
  const history = dailyCosts('2026-09-01', completeThrough, () => 100);

  it('predicts the days the bill has not caught up with yet (billing lag)', () => {
    const lagging = history.filter((cost) => cost.date <= '2026-11-12');
    const result = forecastMonthEnd({ history: lagging, today, completeThrough: '2026-11-12' });
    expect(result.monthToDate).toBe(1200);
    expect(result.forecast).toBeCloseTo(3000, 6);
  });
  it('is the actual total once the last day of the period is complete', () => {
    const full = dailyCosts('2026-09-01', '2026-11-30', () => 100);
    const result = forecastMonthEnd({ history: full, today: '2026-11-30', completeThrough: '2026-11-30' });
    expect(result).toEqual({ monthToDate: 3000, forecast: 3000, lower: 3000, upper: 3000, method: 'actual' });
  });
  it('forecasts a quarter the same way', () => {
    const result = forecastPeriodEnd({
      history,
      today,
      completeThrough,
      periodStart: '2026-10-01',
      periodEnd: '2026-12-31',
    });
    expect(result.toDate).toBe(4500);
    expect(result.forecast).toBeCloseTo(9200, 6);
  });
});

describe('the naive run-rate', () => {
  it('averages the complete days of the month over the whole month', () => {
    const history = dailyCosts('2026-11-01', completeThrough, (_day, index) => (index % 2 === 0 ? 50 : 150));
    expect(naiveRunRateForecast({ history, today, completeThrough })).toBeCloseTo(3000, 6);
  });
  it('is what is billed so far when no day of the month is complete', () => {
    expect(naiveRunRateForecast({ history: [{ date: '2026-11-01', amount: 12 }], today: '2026-11-01' })).toBe(
      12,
    );
  });
});
