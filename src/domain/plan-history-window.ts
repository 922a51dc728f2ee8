import type { IsoDay } from './calendar-days.ts';
import { formatDayWithYear, formatMonthRuns } from './calendar-labels.ts';
import { earliestVisibleDay, PLANS, type PlanId, planLimit } from './plans.ts';

/** Months a file stored that the plan's history window will never show, and what would show them. */
export interface MonthsOutsideHistory {
  /** 'YYYY-MM-01' of each stored month before the window, ascending. */
  months: string[];
  /** First day the plan shows. */
  visibleFrom: IsoDay;
  /** What would show them: a longer plan, or nothing when they are older than every plan's window. */
  remedy: string;
}

const LONGEST_HISTORY_PLAN: PlanId = 'business_monthly';

/** The stored months before the plan's window (history months), or null when all show. */
export function monthsOutsideHistory(
  periods: string[],
  plan: PlanId,
  today: IsoDay,
): MonthsOutsideHistory | null {
  const visibleFrom = earliestVisibleDay(plan, today);
  const months = [...new Set(periods)].filter((period) => period < visibleFrom).sort();
  if (months.length === 0) return null;
  const longest = earliestVisibleDay(LONGEST_HISTORY_PLAN, today);
  const longestMonths = planLimit(LONGEST_HISTORY_PLAN, 'historyMonths');
  const remedy =
    longest < visibleFrom && months.some((month) => month >= longest)
      ? `The Business plan shows ${longestMonths} months of history (from ${formatDayWithYear(longest)}).`
      : `No plan shows them: the longest history is ${longestMonths} months (Business).`;
  return { months, visibleFrom, remedy };
}

/** How the run note on months outside the history begins (screens that show the months live skip it). */
export const OUTSIDE_HISTORY_NOTE = 'Stored but outside the ';

/** The run note: which months are stored but not shown, from when the plan shows spend, and the remedy. */
export function describeMonthsOutsideHistory(outside: MonthsOutsideHistory, plan: PlanId): string {
  const months = formatMonthRuns(outside.months);
  return `${OUTSIDE_HISTORY_NOTE}${PLANS[plan].name} plan's history: ${months} (it shows spend from ${formatDayWithYear(outside.visibleFrom)}). ${outside.remedy}`;
}
