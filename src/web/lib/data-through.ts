import { lastFinalBillDay } from '../../domain/bill-completeness.ts';
import { addDays, type IsoDay } from '../../domain/calendar-days.ts';
import { formatDay, formatDayWithYear } from '../../domain/calendar-labels.ts';

/**
 * How far the bill data goes. Its newest day is still being billed while it is within the billing lag
 * (decision 018), so the chart's last bar is partial: "complete through Nov 27, 2026, Nov 28 still
 * arriving"; an export that ended longer ago is final: "through Sep 30, 2024". The final day is never
 * today or later in the person's time zone, so west of UTC two days may be open.
 */
export function billDataExtent(freshThrough: IsoDay, today: IsoDay): string {
  const final = lastFinalBillDay(freshThrough, today);
  if (final >= freshThrough) return `through ${formatDayWithYear(freshThrough)}`;
  const firstOpen = addDays(final, 1);
  const open =
    firstOpen === freshThrough
      ? formatDay(freshThrough)
      : `${formatDay(firstOpen)} – ${formatDay(freshThrough)}`;
  return `complete through ${formatDayWithYear(final)}, ${open} still arriving`;
}

/** "data complete through Nov 27, 2026, Nov 28 still arriving", as a header or a card's footnote says it. */
export const dataThrough = (freshThrough: IsoDay, today: IsoDay) =>
  `data ${billDataExtent(freshThrough, today)}`;
