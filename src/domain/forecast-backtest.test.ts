import { describe, expect, it } from 'vitest';
import { weekdayOf } from './calendar-days.ts';
import { backtestMonthEndForecast } from './forecast-backtest.ts';
import { dailyCosts, isWeekend, seededNormal } from './testing/synthetic-daily-costs.ts';

/** Thirteen months of a weekday-heavy bill with noise, and a $1,500 fee on the first of each month. */
function realisticYear(seed: number) {
  const noise = seededNormal(seed);
  return dailyCosts('2025-01-01', '2026-01-31', (day) => {
    const weekly = isWeekend(day) ? 40 : 130;
    const monthlyFee = day.endsWith('-01') ? 1500 : 0;
    return weekly + 10 * noise() + monthlyFee;
  });
}

describe('back-testing the month-end forecast', () => {
  const report = backtestMonthEndForecast(realisticYear(7));

  it('forecasts each complete month on days 7, 14 and 21', () => {
    expect(report.cases).toHaveLength(13 * 3);
    expect(report.cases[0]).toMatchObject({ month: '2025-01', asOf: '2025-01-07' });
    expect(report.cases.at(-1)).toMatchObject({ month: '2026-01', asOf: '2026-01-21' });
  });
  it('is more accurate than the naive run-rate on a bill with a weekly rhythm and monthly fees', () => {
    expect(report.mape.forecast).not.toBeNull();
    expect(report.mape.forecast!).toBeLessThan(report.mape.runRate! / 3);
    expect(report.mape.forecast!).toBeLessThan(5);
  });
  it('holds the real month total inside its 80% interval about 80% of the time', () => {
    expect(report.intervalCoverage!).toBeGreaterThan(0.65);
    expect(report.intervalCoverage!).toBeLessThan(0.95);
  });
  it('reports the actual total each forecast is judged against', () => {
    const decemberCase = report.cases.find((c) => c.month === '2025-12' && c.asOf.endsWith('-14'))!;
    const december = realisticYear(7).filter((cost) => cost.date.startsWith('2025-12'));
    expect(decemberCase.actual).toBeCloseTo(
      december.reduce((sum, cost) => sum + cost.amount, 0),
      4,
    );
  });
});

describe('what the back-test leaves out', () => {
  it('skips a month the history starts in the middle of', () => {
    const history = dailyCosts('2026-01-15', '2026-03-31', () => 10);
    expect(new Set(backtestMonthEndForecast(history).cases.map((c) => c.month))).toEqual(
      new Set(['2026-02', '2026-03']),
    );
  });
  it('skips a forecast day the month does not have before its last day', () => {
    const history = dailyCosts('2025-02-01', '2025-02-28', () => 10);
    const report = backtestMonthEndForecast(history, { daysOfMonth: [27, 28, 30] });
    expect(report.cases.map((c) => c.asOf)).toEqual(['2025-02-27']);
  });
  it('uses the leap day in a leap February', () => {
    const history = dailyCosts('2024-02-01', '2024-02-29', (day) => (weekdayOf(day) === 0 ? 0 : 10));
    const report = backtestMonthEndForecast(history, { daysOfMonth: [28] });
    expect(report.cases.map((c) => c.asOf)).toEqual(['2024-02-28']);
  });
  it('reports nothing without history', () => {
    expect(backtestMonthEndForecast([])).toEqual({
      cases: [],
      mape: { forecast: null, runRate: null },
      intervalCoverage: null,
    });
  });
});
