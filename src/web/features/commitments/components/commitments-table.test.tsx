import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CommitmentRow } from '../../../../contracts/commitments.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { CommitmentsTable } from './commitments-table.tsx';

const billed: CommitmentRow = {
  id: 'arn:aws:savingsplans::111111111111:savingsplan/active',
  kind: 'savings-plan',
  type: 'Compute Savings Plan',
  owner_account_id: '111111111111',
  region: '',
  instance_family: '',
  term: '3yr',
  payment_option: 'No Upfront',
  hourly_commitment_usd: 0.54,
  reserved_count: null,
  starts_at: '2024-01-20T00:00:00.000Z',
  ends_at: '2027-01-20T00:00:00.000Z',
  days_until_end: 44,
  state: 'active',
  returnable_until: null,
  source: 'both',
  aws_state: 'active',
  rates: '$0.540 an hour, nothing upfront, covers EC2, Fargate, Lambda',
  total_commitment_usd: 388.8,
  used_commitment_usd: 350,
  unused_commitment_usd: 38.8,
  utilization_percent: 90,
  on_demand_equivalent_usd: 500,
  net_savings_usd: 111.2,
  savings_unknown_reason: null,
};

const queued: CommitmentRow = {
  ...billed,
  id: 'arn:aws:savingsplans::111111111111:savingsplan/queued',
  term: '1yr',
  hourly_commitment_usd: 1.2,
  starts_at: '2026-12-17T00:00:00.000Z',
  ends_at: '2027-12-17T00:00:00.000Z',
  days_until_end: 375,
  state: 'queued',
  source: 'aws-api',
  aws_state: 'queued',
  rates: '$1.200 an hour, nothing upfront',
  total_commitment_usd: 0,
  used_commitment_usd: 0,
  unused_commitment_usd: 0,
  utilization_percent: null,
  on_demand_equivalent_usd: null,
  net_savings_usd: null,
  savings_unknown_reason: 'Listed by the AWS APIs and not in the bill yet.',
};

const expired: CommitmentRow = {
  ...billed,
  id: 'arn:aws:rds:us-east-1:111111111111:ri:old',
  kind: 'reservation',
  type: 'RDS Reserved Instance',
  state: 'expired',
  ends_at: '2026-10-01T00:00:00.000Z',
  days_until_end: -67,
  source: 'bill',
  aws_state: null,
  rates: null,
};

const rowOf = (id: string) => {
  const row = screen.getAllByTestId('commitment-row').find((element) => element.textContent?.includes(id));
  if (!row) throw new Error(`no row for ${id}`);
  return within(row);
};

describe('a row of the Commitments table', () => {
  it('says where each commitment was read: the bill, the AWS API, or both', () => {
    renderScreen(<CommitmentsTable rows={[billed, queued, expired]} />);
    expect(rowOf(billed.id).getByTestId('commitment-source').textContent).toBe('Bill and AWS API');
    expect(rowOf(queued.id).getByTestId('commitment-source').textContent).toBe('AWS API');
    expect(rowOf(expired.id).getByTestId('commitment-source').textContent).toBe('Bill');
  });

  it('lists a queued purchase with the day it starts, its rates, and no utilization yet', () => {
    renderScreen(<CommitmentsTable rows={[billed, queued, expired]} />);
    const row = rowOf(queued.id);
    expect(row.getByTestId('commitment-state').textContent).toBe('Queued, starts Dec 17, 2026');
    expect(
      row.getByText(/\$1\.20\/hour · account 111111111111 · \$1\.200 an hour, nothing upfront/),
    ).toBeTruthy();
    expect(row.getByText('Unknown')).toBeTruthy();
    // Neither utilization nor unused dollars: nothing was billed yet.
    expect(row.getAllByText('—')).toHaveLength(2);
  });

  it('still lists an expired commitment the bill names, marked expired', () => {
    renderScreen(<CommitmentsTable rows={[billed, queued, expired]} />);
    const row = rowOf(expired.id);
    expect(row.getByTestId('commitment-state').textContent).toBe('Expired');
    expect(row.getByText('Ended Oct 1, 2026')).toBeTruthy();
    expect(rowOf(billed.id).queryByTestId('commitment-state')).toBeNull();
  });
});
