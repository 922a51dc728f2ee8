import type { BillingData } from '../../../../contracts/billing-data.ts';
import { formatMonthRuns } from '../../../../domain/calendar-labels.ts';
import { formatDayWithYear, formatRange } from './spend-format.ts';

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
      const months = formatMonthRuns(previous.missing_months, 'short');
      return {
        short: `No bill data for ${months} to compare with`,
        sentence: `Not compared: your data holds no bill for ${months}, inside the previous period (${period}).`,
      };
    }
    default:
      return null;
  }
}

/** True when the answer sets its previous period against the range. */
export const isCompared = (data: BillingData) => uncomparedBecause(data) === null;
