import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IngestionRunView } from '../../../../contracts/integrations.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { HeldUploadAlert } from './held-upload-alert.tsx';

const heldRun = (held_months: IngestionRunView['held_months']): IngestionRunView => ({
  id: 'run-1',
  trigger: 'upload',
  state: 'held',
  files: ['september-cut.csv'],
  files_total: 1,
  files_done: 1,
  rows_read: 1,
  facts_written: 0,
  percent: 100,
  billing_periods: ['2024-09-01'],
  warnings: [],
  error: null,
  held_months,
  created_at: '2026-12-08T09:00:00Z',
  finished_at: '2026-12-08T09:00:01Z',
});

describe('an upload held for a decision', () => {
  it('shows who may decide the month it would lower, with the bill now and in the file', () => {
    renderScreen(
      <HeldUploadAlert
        integrationId="i-1"
        run={heldRun([{ period: '2024-09-01', current_usd: 600, new_usd: 10 }])}
      />,
    );
    expect(screen.getByText('September 2024 bill')).toBeTruthy();
    expect(screen.getByText('$600.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace with the new file' })).toBeTruthy();
  });

  it('tells a member limited to teams only that the file waits, without totals or choices', () => {
    renderScreen(<HeldUploadAlert integrationId="i-1" run={heldRun(null)} />);
    expect(screen.getByText('september-cut.csv is held')).toBeTruthy();
    expect(screen.getByText(/until an owner or admin replaces them/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
  });
});
