import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MonthPartsView } from '../../../../contracts/integrations.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import type { useUploadBillingFile } from '../api/upload-billing-file.ts';
import { AddOrReplaceQuestion, UploadedMonthParts } from './uploaded-month-parts.tsx';

const october: MonthPartsView = {
  billing_period: '2026-10-01',
  parts: ['report-1.csv.gz', 'report-2.csv.gz'],
  expected: ['report-1.csv.gz', 'report-2.csv.gz', 'report-3.csv.gz'],
  missing: ['report-3.csv.gz'],
  summary: 'October 2026: parts 1, 2 of 3 — part 3 missing',
};
const september: MonthPartsView = {
  billing_period: '2026-09-01',
  parts: ['september.csv.gz'],
  expected: null,
  missing: [],
  summary: 'September 2026: one file',
};

describe("an upload integration's months in parts", () => {
  it('names the missing part of a month its manifest lists, and leaves out a month uploaded whole', () => {
    renderScreen(<UploadedMonthParts integrationId="i-1" runState="r:succeeded" />, {
      answers: [[queryKeys.integrations.monthParts('i-1', 'r:succeeded'), [september, october]]],
    });
    expect(screen.getByText('October 2026: parts 1, 2 of 3 — part 3 missing')).toBeTruthy();
    expect(
      screen.getByText('Missing: report-3.csv.gz. The month shows the parts uploaded so far.'),
    ).toBeTruthy();
    expect(screen.queryByText(/September 2026/)).toBeNull();
  });

  it('shows nothing for an integration whose months came whole', () => {
    renderScreen(<UploadedMonthParts integrationId="i-2" runState="r:succeeded" />, {
      answers: [[queryKeys.integrations.monthParts('i-2', 'r:succeeded'), [september]]],
    });
    expect(screen.queryByTestId('month-parts')).toBeNull();
  });

  it('asks whether the part adds to the month or replaces it, and sends the same files with the answer', () => {
    const mutate = vi.fn();
    const file = new File(['x'], 'report-3.csv.gz');
    const upload = {
      error: new ApiRequestError(
        409,
        'PartOfKeptMonth',
        'file: report-3.csv.gz looks like another part of October 2026, which holds parts from an earlier upload (October 2026: parts 1, 2 of 3 — part 3 missing). Add it to the month, or replace the month with it.',
      ),
      mutate,
    } as unknown as ReturnType<typeof useUploadBillingFile>;
    renderScreen(<AddOrReplaceQuestion upload={upload} asked={{ integrationId: 'i-1', files: [file] }} />);
    expect(screen.getByText(/^report-3\.csv\.gz looks like another part of October 2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to the month' }));
    expect(mutate).toHaveBeenCalledWith({ integrationId: 'i-1', files: [file], parts: 'add' });
    fireEvent.click(screen.getByRole('button', { name: 'Replace the month' }));
    expect(mutate).toHaveBeenLastCalledWith({ integrationId: 'i-1', files: [file], parts: 'replace' });
  });
});
