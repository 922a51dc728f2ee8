import { describe, expect, it } from 'vitest';
import { eachDay } from './calendar-days.ts';
import { spendDigest } from './spend-digest.ts';

const daily = (service: string, from: string, to: string, amount: number) =>
  eachDay(from, to).map((date) => ({ service, date, amount }));

describe('the spend digest', () => {
  const costs = [
    ...daily('EC2', '2026-10-01', '2026-11-10', 10),
    ...daily('S3', '2026-10-01', '2026-10-31', 2),
    ...daily('S3', '2026-11-01', '2026-11-10', 5),
  ];

  it('compares month to date with the same point of last month', () => {
    const digest = spendDigest(costs, '2026-11-10');
    expect(digest.daySpend).toBe(15);
    expect(digest.monthToDate).toBe(150);
    expect(digest.lastMonthToDate).toBe(120);
    expect(digest.changePercent).toBeCloseTo(25);
  });

  it('names the services that moved most, largest change first', () => {
    const digest = spendDigest(costs, '2026-11-10');
    expect(digest.topMovers).toEqual([{ service: 'S3', monthToDate: 50, lastMonthToDate: 20, change: 30 }]);
  });

  it('forecasts the month at least at what is already spent', () => {
    expect(spendDigest(costs, '2026-11-10').forecast).toBeGreaterThanOrEqual(150);
  });

  it('compares the 31st with the last day of a shorter month', () => {
    const digest = spendDigest(daily('EC2', '2026-02-01', '2026-03-31', 1), '2026-03-31');
    expect(digest.lastMonthToDate).toBe(28);
    expect(digest.monthToDate).toBe(31);
  });
});
