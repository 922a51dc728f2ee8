import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { CommitmentReadsNote } from './commitment-reads-note.tsx';

const withReads = (reads: NonNullable<IntegrationView['commitment_reads']>['reads']) =>
  ({ commitment_reads: { checked_at: '2026-12-07T10:00:00.000Z', reads } }) as IntegrationView;

const read = (api: 'savings-plans' | 'ec2-reservations' | 'rds-reservations', permission: string) => ({
  account_id: '111111111111',
  api,
  permission,
  state: 'ok' as const,
  message: null,
});

describe("the commitments note on an integration's card", () => {
  it('names the permission a role lacks, and says the bill still shows the commitments', () => {
    renderScreen(
      <CommitmentReadsNote
        integration={withReads([
          {
            ...read('savings-plans', 'savingsplans:DescribeSavingsPlans'),
            state: 'missing-permission',
            message: 'The role may not call savingsplans:DescribeSavingsPlans (AccessDeniedException)',
          },
          read('ec2-reservations', 'ec2:DescribeReservedInstances'),
        ])}
      />,
    );
    const note = screen.getByTestId('commitment-reads-note');
    expect(note.textContent).toContain('Savings Plans in account 111111111111: the role lacks');
    expect(screen.getByText('savingsplans:DescribeSavingsPlans')).toBeTruthy();
    expect(note.textContent).not.toContain('EC2 reservations');
    expect(note.textContent).toContain('still shows every commitment the bill names');
  });

  it('shows nothing when every read answered, or before the first sync', () => {
    renderScreen(<CommitmentReadsNote integration={withReads([read('savings-plans', 'x')])} />);
    expect(screen.queryByTestId('commitment-reads-note')).toBeNull();
    renderScreen(<CommitmentReadsNote integration={{ commitment_reads: null } as IntegrationView} />);
    expect(screen.queryByTestId('commitment-reads-note')).toBeNull();
  });
});
