import type { BillingData } from '../../../../contracts/billing-data.ts';
import { formatDayWithYear } from './spend-format.ts';

/** True when the answer sets its previous period against the range (cards, table, CSV, movers). */
export const isCompared = (data: BillingData) => data.previous_period.not_compared === null;

/**
 * Why the previous period is not compared, as the person reads it: what starts after its first day
 * ("Your data starts Nov 1, 2025"). Null when it is compared.
 */
export function uncomparedBecause(data: BillingData): string | null {
  switch (data.previous_period.not_compared) {
    case 'plan_history':
      return `Your plan's history starts ${formatDayWithYear(data.visible_from)}`;
    case 'before_data':
      return `Your data starts ${formatDayWithYear(data.data_from ?? data.visible_from)}`;
    default:
      return null;
  }
}
