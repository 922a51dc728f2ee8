import { describe, expect, it } from 'vitest';
import {
  budgetForecastWithCommitmentEnds,
  commitmentEndsInMonth,
  commitmentEndsInPeriod,
  endsWithinMonthOf,
  forecastWithCommitmentEnds,
} from './commitment-forecast.ts';
import type { MonthEndForecast } from './forecast.ts';

/** Over its latest 30 days the plan cost $720 and the usage it paid for is worth $1,440 On-Demand: $1 an hour more. */
const plan = {
  id: 'arn:aws:savingsplans::111111111111:savingsplan/sp-1',
  type: 'Compute Savings Plan',
  endsAt: '2026-11-20T00:00:00.000Z',
  last30Days: { onDemandEquivalent: 1_440, commitmentCost: 720 },
};
const NOVEMBER_12 = { today: '2026-11-12', firstPredicted: '2026-11-11' };

describe('a commitment that ends within the month in the month-end forecast', () => {
  it('adds the covered usage at On-Demand prices less the commitment, for each hour from its end', () => {
    const [end] = commitmentEndsInMonth({ commitments: [plan], ...NOVEMBER_12 });
    // November 20 00:00 to December 1 00:00: 11 days, 264 hours at $1.
    expect(end).toEqual({
      id: plan.id,
      type: 'Compute Savings Plan',
      endsAt: plan.endsAt,
      endsOn: '2026-11-20',
      extra: 264,
    });
  });

  it('counts the hours of its last day after the instant it ends', () => {
    const [end] = commitmentEndsInMonth({
      commitments: [{ ...plan, endsAt: '2026-11-30T18:00:00.000Z' }],
      ...NOVEMBER_12,
    });
    expect(end?.extra).toBeCloseTo(6, 9);
    expect(end?.endsOn).toBe('2026-11-30');
  });

  it('weighs only the ends within the month, not the next month or the last', () => {
    const ends = commitmentEndsInMonth({
      commitments: [
        { ...plan, id: 'next', endsAt: '2026-12-01T00:00:00.000Z' },
        { ...plan, id: 'last', endsAt: '2026-10-31T23:00:00.000Z' },
        { ...plan, id: 'first-instant', endsAt: '2026-11-01T00:00:00.000Z' },
      ],
      ...NOVEMBER_12,
    });
    expect(ends.map((end) => end.id)).toEqual(['first-instant']);
    expect(endsWithinMonthOf('2026-11-30T23:59:59.000Z', '2026-11-02')).toBe(true);
    expect(endsWithinMonthOf('2026-12-01T00:00:00.000Z', '2026-11-02')).toBe(false);
  });

  it('adds over every predicted day for a plan that ended before them, none over the days billed', () => {
    const [end] = commitmentEndsInMonth({
      commitments: [{ ...plan, endsAt: '2026-11-03T00:00:00.000Z' }],
      ...NOVEMBER_12,
    });
    // Predicted: November 11 to 30, 20 days.
    expect(end?.extra).toBe(20 * 24);
  });

  it('weighs no end once the month is complete', () => {
    expect(
      commitmentEndsInMonth({ commitments: [plan], today: '2026-11-30', firstPredicted: '2026-12-01' }),
    ).toEqual([]);
  });

  it('says the bill goes down when the plan cost more than the usage it paid for', () => {
    const [end] = commitmentEndsInMonth({
      commitments: [{ ...plan, last30Days: { onDemandEquivalent: 360, commitmentCost: 720 } }],
      ...NOVEMBER_12,
    });
    expect(end?.extra).toBe(-132);
  });

  it('leaves the extra unknown when the bill does not say the On-Demand cost, never $0', () => {
    const [end] = commitmentEndsInMonth({ commitments: [{ ...plan, last30Days: null }], ...NOVEMBER_12 });
    expect(end?.extra).toBeNull();
  });
});

describe('the forecast with the ends', () => {
  const forecast: MonthEndForecast = {
    monthToDate: 1_000,
    forecast: 3_000,
    lower: 2_500,
    upper: 3_500,
    method: 'seasonal-trend',
  };
  const end = { id: 'a', type: 'Compute Savings Plan', endsAt: plan.endsAt, endsOn: '2026-11-20' };

  it('moves the forecast and its interval by what the ends add; an unknown one adds nothing', () => {
    expect(
      forecastWithCommitmentEnds(forecast, [
        { ...end, extra: 264 },
        { ...end, id: 'b', extra: null },
      ]),
    ).toEqual({ ...forecast, forecast: 3_264, lower: 2_764, upper: 3_764 });
  });

  it('never falls below what is billed so far', () => {
    const lowered = forecastWithCommitmentEnds(forecast, [{ ...end, extra: -2_200 }]);
    expect(lowered).toMatchObject({ forecast: 1_000, lower: 1_000, upper: 1_300 });
  });
});

describe("a commitment's end in a budget's forecast over its period", () => {
  const QUARTER = { ...NOVEMBER_12, periodEnd: '2026-12-31' };

  it('adds each hour from its end to the period end: a quarter holds the month after it too', () => {
    const [end] = commitmentEndsInPeriod({ commitments: [plan], ...QUARTER });
    // November 20 00:00 to January 1 00:00: 42 days at $1 an hour.
    expect(end?.extra).toBe(42 * 24);
  });

  it('weighs an end in a later month of the period, from its own day on', () => {
    const [end] = commitmentEndsInPeriod({
      commitments: [{ ...plan, endsAt: '2026-12-21T00:00:00.000Z' }],
      ...QUARTER,
    });
    expect(end?.extra).toBe(11 * 24);
    expect(end?.endsOn).toBe('2026-12-21');
  });

  it('weighs no end of an earlier month of the period, already in the bill the forecast learns from', () => {
    const ends = commitmentEndsInPeriod({
      commitments: [{ ...plan, endsAt: '2026-10-20T00:00:00.000Z' }],
      ...QUARTER,
    });
    expect(ends).toEqual([]);
  });
});

describe("a budget's forecast with the ends", () => {
  const end = { id: 'a', type: 'Compute Savings Plan', endsAt: plan.endsAt, endsOn: '2026-11-20' };

  it('adds what the ends add to the bill forecast; an unknown one adds nothing', () => {
    expect(
      budgetForecastWithCommitmentEnds(1_000, 3_000, [
        { ...end, extra: 264 },
        { ...end, id: 'b', extra: null },
      ]).forecast,
    ).toBe(3_264);
  });

  it('never falls below the spend so far, and stays none without a bill forecast', () => {
    expect(budgetForecastWithCommitmentEnds(1_000, 3_000, [{ ...end, extra: -2_500 }]).forecast).toBe(1_000);
    expect(budgetForecastWithCommitmentEnds(1_000, 3_000, [])).toEqual({ forecast: 3_000, counted: [] });
    // Without a bill forecast the ends are in no figure, so none is listed as included.
    expect(budgetForecastWithCommitmentEnds(1_000, null, [{ ...end, extra: 264 }])).toEqual({
      forecast: null,
      counted: [],
    });
  });
});
