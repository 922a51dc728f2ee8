import '@mantine/dates/styles.css';
import { DatePickerInput, MonthPickerInput, YearPickerInput } from '@mantine/dates';
import type { BillingView } from '../../../../domain/billing-view.ts';
import type { BillingViewChange } from './use-billing-view.ts';

/** The period as a day, month or year picker; loaded after the dashboard's first paint. */
export function PeriodInput({
  view,
  onChange,
}: {
  view: BillingView;
  onChange: (change: BillingViewChange) => void;
}) {
  const pick = (value: string | null) => value && onChange({ startDate: value.slice(0, 10) });
  const common = { 'aria-label': 'Period', w: 150, size: 'sm' as const, allowDeselect: false };
  return (
    <>
      {view.viewMode === 'day' && (
        <DatePickerInput {...common} value={view.startDate} onChange={pick} valueFormat="MMM D, YYYY" />
      )}
      {view.viewMode === 'month' && (
        <MonthPickerInput {...common} value={view.startDate} onChange={pick} valueFormat="MMMM YYYY" />
      )}
      {view.viewMode === 'year' && (
        <YearPickerInput {...common} value={view.startDate} onChange={pick} valueFormat="YYYY" />
      )}
    </>
  );
}
