import { describe, expect, it } from 'vitest';
import { type BillingFilePart, whyPartDoesNotFit } from './billing-file-parts.ts';

const part = (label: string, overrides: Partial<BillingFilePart> = {}): BillingFilePart => ({
  label,
  format: 'cur-legacy-csv',
  columns: ['identity/LineItemId', 'lineItem/UnblendedCost', 'lineItem/UsageStartDate'],
  billingPeriods: ['2026-10-01'],
  ...overrides,
});

describe('the parts of one month', () => {
  it('fit together when they share the export format and its columns, in any order', () => {
    const first = part('report-1.csv.gz');
    const reordered = part('report-2.csv.gz', { columns: [...first.columns].reverse() });
    expect(whyPartDoesNotFit([first], reordered)).toBeUndefined();
  });

  it('are not compared across months: an export may add columns from one month to the next', () => {
    const september = part('september.csv', { billingPeriods: ['2026-09-01'] });
    expect(whyPartDoesNotFit([september], part('october.csv', { columns: ['lineItem/UnblendedCost'] }))).toBe(
      undefined,
    );
  });

  it('are refused when one reads as another export format, naming both files and the month', () => {
    expect(whyPartDoesNotFit([part('report-1.csv.gz')], part('focus.csv', { format: 'focus' }))).toBe(
      'focus.csv and report-1.csv.gz both hold October 2026, but focus.csv is a FOCUS export and ' +
        'report-1.csv.gz a legacy CUR: the parts of one month come from one export. Nothing was changed.',
    );
  });

  it('are refused when their columns differ, naming the columns each lacks', () => {
    const first = part('report-1.csv.gz');
    const tagged = part('report-2.csv.gz', {
      columns: ['identity/LineItemId', 'lineItem/UnblendedCost', 'resourceTags/user:team'],
    });
    expect(whyPartDoesNotFit([first], tagged)).toBe(
      'report-2.csv.gz and report-1.csv.gz both hold October 2026, but not the same columns ' +
        '(report-2.csv.gz has resourceTags/user:team, which report-1.csv.gz lacks; report-2.csv.gz lacks ' +
        'lineItem/UsageStartDate, which report-1.csv.gz has): the parts of one month come from one export ' +
        'with one set of columns. Nothing was changed.',
    );
  });
});
