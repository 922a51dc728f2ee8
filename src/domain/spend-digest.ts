/**
 * The daily or weekly digest: yesterday's spend (the last day with data), month to date
 * against the same point of the month before, the month-end forecast, and the services that moved most
 * month to date against that same point.
 */

import { lastFinalBillDay } from './bill-completeness.ts';
import { addMonths, type IsoDay, isWithin, monthStart } from './calendar-days.ts';
import type { DailyCost } from './daily-costs.ts';
import { forecastMonthEnd } from './forecast.ts';
import { sumUsd } from './money.ts';

export const DIGEST_TOP_MOVERS = 3;

export interface ServiceDailyCost extends DailyCost {
  service: string;
}

export interface SpendMover {
  service: string;
  monthToDate: number;
  lastMonthToDate: number;
  change: number;
}

export interface SpendDigest {
  day: IsoDay;
  daySpend: number;
  monthToDate: number;
  /** The month before, from its first day to the same day of the month (or its last day). */
  lastMonthToDate: number;
  /** Percent change of month to date; null when last month had no spend. */
  changePercent: number | null;
  forecast: number;
  topMovers: SpendMover[];
}

const totalWithin = (costs: readonly DailyCost[], start: IsoDay, end: IsoDay) =>
  sumUsd(costs.filter((cost) => isWithin(cost.date, start, end)).map((cost) => cost.amount));

/** `day` is the newest day with data, `today` the calendar's (UTC): they decide which days are final. */
export function spendDigest(costs: readonly ServiceDailyCost[], day: IsoDay, today: IsoDay): SpendDigest {
  const start = monthStart(day);
  const lastMonthSameDay = addMonths(day, -1);
  const lastStart = monthStart(lastMonthSameDay);
  const monthToDate = totalWithin(costs, start, day);
  const lastMonthToDate = totalWithin(costs, lastStart, lastMonthSameDay);
  const services = [...new Set(costs.map((cost) => cost.service))];
  const topMovers = services
    .map((service) => {
      const own = costs.filter((cost) => cost.service === service);
      const now = totalWithin(own, start, day);
      const before = totalWithin(own, lastStart, lastMonthSameDay);
      return { service, monthToDate: now, lastMonthToDate: before, change: now - before };
    })
    .filter((mover) => mover.change !== 0)
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.service.localeCompare(b.service))
    .slice(0, DIGEST_TOP_MOVERS);
  const forecast = forecastMonthEnd({
    history: costs,
    today: day,
    completeThrough: lastFinalBillDay(day, today),
  }).forecast;
  return {
    day,
    daySpend: totalWithin(costs, day, day),
    monthToDate,
    lastMonthToDate,
    changePercent: lastMonthToDate > 0 ? ((monthToDate - lastMonthToDate) / lastMonthToDate) * 100 : null,
    forecast,
    topMovers,
  };
}
