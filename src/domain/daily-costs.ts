/**
 * A daily cost series as the rules receive it: one amount per day in USD. Within the span the data
 * covers, a day without an entry cost nothing; before the first entry nothing is known.
 */

import { addDays, eachDay, type IsoDay, isWithin } from './calendar-days.ts';
import { sumUsd } from './money.ts';

export interface DailyCost {
  date: IsoDay;
  amount: number;
}

/** Amount per day, adding up repeated days. */
export function amountsByDay(costs: readonly DailyCost[]): Map<IsoDay, number> {
  const byDay = new Map<IsoDay, number>();
  for (const cost of costs) byDay.set(cost.date, sumUsd([byDay.get(cost.date) ?? 0, cost.amount]));
  return byDay;
}

export function firstDayOf(costs: readonly DailyCost[]): IsoDay | undefined {
  let first: IsoDay | undefined;
  for (const cost of costs) if (first === undefined || cost.date < first) first = cost.date;
  return first;
}

export function lastDayOf(costs: readonly DailyCost[]): IsoDay | undefined {
  let last: IsoDay | undefined;
  for (const cost of costs) if (last === undefined || cost.date > last) last = cost.date;
  return last;
}

/** Total of the days from `start` to `end`, both included. */
export function totalBetween(costs: readonly DailyCost[], start: IsoDay, end: IsoDay): number {
  return sumUsd(costs.filter((cost) => isWithin(cost.date, start, end)).map((cost) => cost.amount));
}

/**
 * The amounts of the `maxDays` days ending at `end` (oldest first), zero where a day has no entry,
 * starting no earlier than the series' first day.
 */
export function trailingAmounts(
  byDay: ReadonlyMap<IsoDay, number>,
  firstDay: IsoDay | undefined,
  end: IsoDay,
  maxDays: number,
): { days: IsoDay[]; amounts: number[] } {
  if (firstDay === undefined || firstDay > end) return { days: [], amounts: [] };
  const windowStart = addDays(end, -(maxDays - 1));
  const days = eachDay(windowStart > firstDay ? windowStart : firstDay, end);
  return { days, amounts: days.map((day) => byDay.get(day) ?? 0) };
}
