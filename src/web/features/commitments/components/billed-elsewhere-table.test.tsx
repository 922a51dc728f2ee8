import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CommitmentBilledElsewhere } from '../../../../contracts/commitments.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { BilledElsewhereTable } from './billed-elsewhere-table.tsx';

const plan: CommitmentBilledElsewhere = {
  id: 'arn:aws:savingsplans::111111111111:savingsplan/sp-ending',
  kind: 'savings-plan',
  type: 'Compute Savings Plan',
  owner_account_id: '111111111111',
  starts_at: '2025-11-20T00:00:00.000Z',
  ends_at: '2026-12-20T00:00:00.000Z',
  days_until_end: 13,
  state: 'active',
  share_percent: 66.6667,
  covered_on_demand_usd: 1800,
  covered_hours: 720,
  cost_usd: 800,
  net_savings_usd: 1000,
};

const reservation: CommitmentBilledElsewhere = {
  ...plan,
  id: 'arn:aws:rds:us-east-1:111111111111:ri:prod-db-ri',
  kind: 'reservation',
  type: 'RDS Reserved Instance',
  ends_at: '2027-06-01T00:00:00.000Z',
  days_until_end: 176,
  share_percent: 50,
  covered_on_demand_usd: null,
  cost_usd: 3.6,
  net_savings_usd: null,
};

const rowOf = (id: string) => {
  const row = screen
    .getAllByTestId('billed-elsewhere-row')
    .find((element) => element.textContent?.includes(id));
  if (!row) throw new Error(`no row for ${id}`);
  return within(row);
};

describe('commitments billed to other accounts that paid for the usage a person sees', () => {
  it("names the account each is billed to, its end, and the scope's share, cost and saving", () => {
    renderScreen(<BilledElsewhereTable rows={[plan, reservation]} csvName="commitments.csv" />);
    expect(screen.getByText('Paying for your usage, billed to other accounts')).toBeTruthy();
    const row = rowOf(plan.id);
    expect(row.getByText('Billed to account 111111111111')).toBeTruthy();
    expect(row.getByText('Dec 20, 2026 (in 13 days)')).toBeTruthy();
    expect(row.getByText('66.7%')).toBeTruthy();
    expect(row.getByText('$1,800.00')).toBeTruthy();
    expect(row.getByText('$800.00')).toBeTruthy();
    expect(row.getByText('$1,000.00')).toBeTruthy();
  });

  it('says Unknown where the bill does not give the On-Demand cost, never $0', () => {
    renderScreen(<BilledElsewhereTable rows={[plan, reservation]} csvName="commitments.csv" />);
    const row = rowOf(reservation.id);
    expect(row.getAllByText('Unknown')).toHaveLength(2);
    expect(row.getByText('$3.60')).toBeTruthy();
    expect(row.getByText('Jun 1, 2027')).toBeTruthy();
  });
});
