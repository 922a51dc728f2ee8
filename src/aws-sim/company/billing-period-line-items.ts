import { setImmediate } from 'node:timers/promises';
import { creditRows, supportRow, taxRows } from './account-charges.ts';
import type { CompanyModel } from './company-model.ts';
import { dayWindowsOfPeriod } from './day-window.ts';
import { familyLineItems } from './family-line-items.ts';
import { fleetLineItems } from './fleet-line-items.ts';
import type { LineItem } from './line-item.ts';
import { reservationFeeRow, reservedDatabaseRows } from './rds-reservation.ts';
import { recentPlanFeeRows } from './savings-plan.ts';
import { addUtcMonths, billingPeriodStart } from './timeline.ts';
import { wasteLineItems } from './waste-line-items.ts';

/**
 * Every line item of a billing period billed up to `cutoff`: daily usage rows (one per resource and
 * usage type per day, the current day only up to the cutoff), then the period's fee, credit and tax rows.
 * It gives the thread back between days: the simulator inside the server generates a month (about 2 s
 * of work) without holding every request for that long.
 */
export async function billingPeriodLineItemsBetweenTurns(
  model: CompanyModel,
  period: string,
  cutoff: number,
): Promise<LineItem[]> {
  const periodStart = billingPeriodStart(period);
  const periodEnd = addUtcMonths(periodStart, 1);
  if (cutoff <= periodStart) return [];
  const rows: LineItem[] = [];
  for (const window of dayWindowsOfPeriod(periodStart, periodEnd, cutoff)) {
    const dayRows = [
      ...fleetLineItems(model.fleet, window, model.anchorDay),
      ...recentPlanFeeRows(window, model.anchorDay),
      ...reservedDatabaseRows(window, model.anchorDay),
      ...model.families.flatMap((family) => familyLineItems(model, family, window)),
      ...wasteLineItems(model.waste, window),
    ];
    rows.push(...dayRows, supportRow(window, dayRows));
    await setImmediate();
  }
  rows.push(
    reservationFeeRow(periodStart, periodEnd, model.anchorDay),
    ...creditRows(model.anchorDay, periodStart, periodEnd),
  );
  rows.push(...taxRows(rows, periodStart, periodEnd));
  return rows;
}
