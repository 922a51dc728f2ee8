import type { BillingData } from '../../../../contracts/billing-data.ts';
import { addMonths } from '../../../../domain/calendar-days.ts';
import { formatDayWithYear, formatMonth, formatMonthName, formatRange } from './spend-format.ts';

/** Why the previous period is not compared, as a person reads it. */
export interface Uncompared {
  /** Under the change card's "—". */
  short: string;
  /** Where the movers would be. */
  sentence: string;
}

/**
 * Why this answer's previous period is not set against the range (decision 073), or null when it is.
 * The card, Top movers, the table and the CSV all ask this, so they never disagree.
 */
export function uncomparedBecause(data: BillingData): Uncompared | null {
  const previous = data.previous_period;
  const period = formatRange(previous.start_date, previous.end_date);
  switch (previous.not_compared) {
    case 'plan_history': {
      const from = formatDayWithYear(data.visible_from);
      return {
        short: `Your plan's history starts ${from}`,
        sentence: `Not compared: the previous period (${period}) starts before your plan's history (${from}).`,
      };
    }
    case 'before_data': {
      if (data.data_from === null) return null;
      const from = formatDayWithYear(data.data_from);
      return {
        short: `No data before ${from} to compare with`,
        sentence: `Not compared: the previous period (${period}) starts before your data does (${from}).`,
      };
    }
    case 'data_gap': {
      const months = formatMonths(previous.missing_months);
      return {
        short: `No bill data for ${months} to compare with`,
        sentence: `Not compared: your data holds no bill for ${months}, inside the previous period (${period}).`,
      };
    }
    default:
      return null;
  }
}

/** "Mar 2025", "Jan – Oct 2025", "Nov 2024 – Feb 2025, Jun 2025": runs of consecutive months; "7 months" past three runs. */
export function formatMonths(months: readonly string[]): string {
  const runs: Array<[string, string]> = [];
  for (const month of months) {
    const last = runs.at(-1);
    if (last && addMonths(last[1], 1) === month) last[1] = month;
    else runs.push([month, month]);
  }
  const texts = runs.map(([first, last]) => {
    if (first === last) return formatMonth(first);
    const sameYear = first.slice(0, 4) === last.slice(0, 4);
    return `${sameYear ? formatMonthName(first) : formatMonth(first)} – ${formatMonth(last)}`;
  });
  return texts.length <= 3 ? texts.join(', ') : `${months.length} months`;
}

/** True when the answer sets its previous period against the range. */
export const isCompared = (data: BillingData) => uncomparedBecause(data) === null;
