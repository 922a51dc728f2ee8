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
    const digest = spendDigest(costs, '2026-11-10', '2026-11-11');
    expect(digest.daySpend).toBe(15);
    expect(digest.monthToDate).toBe(150);
    expect(digest.lastMonthToDate).toBe(120);
    expect(digest.changePercent).toBeCloseTo(25);
  });

  it('names the services that moved most, largest change first', () => {
    const digest = spendDigest(costs, '2026-11-10', '2026-11-11');
    expect(digest.topMovers).toEqual([{ service: 'S3', monthToDate: 50, lastMonthToDate: 20, change: 30 }]);
  });

  it('forecasts the month at least at what is already spent', () => {
    expect(spendDigest(costs, '2026-11-10', '2026-11-11').forecast).toBeGreaterThanOrEqual(150);
  });

  it("forecasts a current export's newest day rather than take its first hours as the whole day", () => {
    const firstHours = [
      ...costs.filter((cost) => cost.date !== '2026-11-10'),
      { service: 'EC2', date: '2026-11-10', amount: 1 },
    ];
    const current = spendDigest(firstHours, '2026-11-10', '2026-11-10').forecast;
    const uploadedLater = spendDigest(firstHours, '2026-11-10', '2026-12-20').forecast;
    expect(current).toBeGreaterThan(uploadedLater);
  });

  it('compares the 31st with the last day of a shorter month', () => {
    const digest = spendDigest(daily('EC2', '2026-02-01', '2026-03-31', 1), '2026-03-31', '2026-04-01');
    expect(digest.lastMonthToDate).toBe(28);
    expect(digest.monthToDate).toBe(31);
  });
});
