import { addDays, type IsoDay } from '../../../domain/calendar-days.ts';

/** What the Commitments page shows: a window ending today, a kind, an account, days or months. */
export interface CommitmentFilters {
  from: IsoDay;
  to: IsoDay;
  kind: 'all' | 'savings-plan' | 'reservation';
  accountId: string | null;
  granularity: 'day' | 'month';
}

export const WINDOWS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '12 months' },
] as const;

/** The last `days` days through today; a year is read per month, shorter windows per day. */
export function windowFilters(
  today: IsoDay,
  days: number,
): Pick<CommitmentFilters, 'from' | 'to' | 'granularity'> {
  return { from: addDays(today, -(days - 1)), to: today, granularity: days > 92 ? 'month' : 'day' };
}
