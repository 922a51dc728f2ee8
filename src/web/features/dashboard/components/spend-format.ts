/** How the dashboard writes money, days and changes: USD, the person's locale-neutral English. */

import { monthEnd } from '../../../../domain/calendar-days.ts';
import { formatDay, formatDayWithYear, formatMonthLong } from '../../../../domain/calendar-labels.ts';
import { formatUsd } from '../../../lib/usd-format.ts';

export { formatUsd, formatUsdHeadline } from '../../../lib/usd-format.ts';

const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const usdCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * A y-axis tick of an axis whose ticks are `step` dollars apart: "$2.5K", "$30K", "$1.25M", or cents
 * when the step is a fraction ("$0.25", "$0.50"). Ticks from `niceUsdAxis` need at most two digits
 * after the point in either form, so no label reads as a value its tick is not.
 */
export const formatUsdAxis = (amount: number, step: number) =>
  (Number.isInteger(step) ? usdCompact : usdCents).format(amount);

export function formatSignedUsd(amount: number): string {
  const text = formatUsd(Math.abs(amount));
  if (Math.abs(amount) < 0.005) return text;
  return amount > 0 ? `+${text}` : `−${text}`;
}

export function formatPercent(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return 'new';
  const rounded = Math.abs(percent) >= 10 ? percent.toFixed(0) : percent.toFixed(1);
  return `${percent > 0 ? '+' : ''}${rounded}%`;
}

export {
  formatDay,
  formatDayWithYear,
  formatMonth,
  formatMonthLong,
  formatMonthName,
} from '../../../../domain/calendar-labels.ts';

/** "Nov 1 – Nov 30, 2026", "Nov 24, 2026", "2026". */
export function formatRange(start: string, end: string): string {
  if (start === end) return formatDayWithYear(start);
  if (start.endsWith('-01-01') && end.endsWith('-12-31') && start.slice(0, 4) === end.slice(0, 4))
    return start.slice(0, 4);
  if (start.endsWith('-01') && start.slice(0, 7) === end.slice(0, 7) && monthEnd(end) === end)
    return formatMonthLong(start);
  if (start.slice(0, 4) === end.slice(0, 4)) return `${formatDay(start)} – ${formatDayWithYear(end)}`;
  return `${formatDayWithYear(start)} – ${formatDayWithYear(end)}`;
}
