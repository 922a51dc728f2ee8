import { describe, expect, it } from 'vitest';
import { addDays, eachDay, type IsoDay } from './calendar-days.ts';
import { backtestMonthEndForecast } from './forecast-backtest.ts';
import { calibratedIntervalScale } from './forecast-interval-calibration.ts';
import { dailyCosts, isWeekend, seededNormal, seededRandom } from './testing/synthetic-daily-costs.ts';

/** A weekday-heavy bill whose days are calm but now and then jump: noise a normal model underrates. */
function spikyYear(seed: number) {
  const noise = seededNormal(seed);
  const chance = seededRandom(seed + 1);
  return dailyCosts('2025-01-01', '2026-01-31', (day) => {
    const spike = chance() < 0.08 ? 250 * (chance() - 0.3) : 0;
    return (isWeekend(day) ? 60 : 140) + 4 * noise() + spike;
  });
}

const series = (costs: { date: IsoDay; amount: number }[], through: IsoDay) => {
  const known = costs.filter((cost) => cost.date <= through);
  return { days: known.map((cost) => cost.date), amounts: known.map((cost) => cost.amount) };
};

describe('calibrating the forecast interval on the history itself', () => {
  it('leaves the model interval alone while too few earlier forecasts can be judged', () => {
    const costs = spikyYear(1).slice(0, 30);
    const { days, amounts } = series(costs, costs.at(-1)!.date);
    const predicted = eachDay(addDays(days.at(-1)!, 1), addDays(days.at(-1)!, 20));
    expect(calibratedIntervalScale(days, amounts, predicted)).toBe(1);
  });

  it('widens the interval where spend jumps more than its calm days suggest', () => {
    const { days, amounts } = series(spikyYear(2), '2025-09-10');
    const predicted = eachDay('2025-09-11', '2025-09-30');
    expect(calibratedIntervalScale(days, amounts, predicted)).toBeGreaterThan(1.5);
  });

  it('holds the month total inside the "80%" interval 70-90% of the time on spiky bills', () => {
    const reports = [3, 4, 5].map((seed) => backtestMonthEndForecast(spikyYear(seed)));
    const cases = reports.flatMap((report) => report.cases);
    const inside = cases.filter((c) => c.actual >= c.lower && c.actual <= c.upper).length;
    expect(cases.length).toBeGreaterThanOrEqual(3 * 13 * 3);
    expect(inside / cases.length).toBeGreaterThan(0.7);
    expect(inside / cases.length).toBeLessThan(0.9);
    // 117 forecasts, each fitting the model some thirty times: about a second, more on a busy machine.
  }, 30_000);

  it('judges a forecast within a month only by earlier windows that hold no month start', () => {
    // $3,000 lands on each first of the month: a window across a month start would miss by about that
    // much and blow the interval up, though the days left in this month hold no first.
    const noise = seededNormal(9);
    const costs = dailyCosts(
      '2025-01-01',
      '2025-10-31',
      (day) => 100 + 3 * noise() + (day.endsWith('-01') ? 3000 : 0),
    );
    const { days, amounts } = series(costs, '2025-10-10');
    const scale = calibratedIntervalScale(days, amounts, eachDay('2025-10-11', '2025-10-31'));
    expect(scale).toBeGreaterThan(0.3);
    expect(scale).toBeLessThan(4);
  });
});
