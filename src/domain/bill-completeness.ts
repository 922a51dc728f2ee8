/**
 * Which days of bill data are final. AWS writes an hourly export as the day goes: the newest day in a
 * current export holds only its first hours, so a forecast that took it as a whole day would start low.
 */

import { addDays, earlierDay, type IsoDay } from './calendar-days.ts';

/** AWS's billing data lags one to three days behind the usage (decision 018). */
export const BILLING_LAG_DAYS = 3;

/**
 * The last day whose cost is final, from the newest day the bill data holds. That newest day is still
 * being billed while it is within the billing lag of today; an export that ends longer ago (a closed
 * month uploaded later) is final to its last day. Never today or later.
 */
export function lastFinalBillDay(newestDay: IsoDay, today: IsoDay): IsoDay {
  const final = newestDay < addDays(today, -BILLING_LAG_DAYS) ? newestDay : addDays(newestDay, -1);
  return earlierDay(final, addDays(today, -1));
}
