import { describe, expect, it } from 'vitest';
import type { CommitmentBilledElsewhere, CommitmentRow } from '../../../contracts/commitments.ts';
import { commitmentsBilledElsewhereToCsv, commitmentsToCsv } from './commitments-csv.ts';

const row: CommitmentRow = {
  id: '=HYPERLINK("http://evil")',
  kind: 'savings-plan',
  type: 'Compute Savings Plan',
  owner_account_id: '111111111111',
  region: '',
  instance_family: '',
  term: '1yr',
  payment_option: 'No Upfront',
  hourly_commitment_usd: 2,
  reserved_count: null,
  starts_at: '2026-03-01T00:00:00.000Z',
  ends_at: '2027-03-01T00:00:00.000Z',
  days_until_end: 84,
  state: 'active',
  returnable_until: null,
  source: 'bill',
  aws_state: null,
  rates: null,
  total_commitment_usd: 10,
  used_commitment_usd: 6.05,
  unused_commitment_usd: 3.95,
  utilization_percent: 60.5,
  on_demand_equivalent_usd: 8.402776,
  net_savings_usd: null,
  savings_unknown_reason: 'unknown',
};

describe('the commitments CSV', () => {
  const [header, line] = commitmentsToCsv([row]).trim().split(/\r?\n/);

  it('names every column once', () => {
    expect(header).toContain('Unused commitment (USD)');
    expect(header).toContain('Source');
  });

  it('never lets a spreadsheet read a cell as a formula', () => {
    expect(line).not.toMatch(/^"?=/);
    expect(line).toContain('HYPERLINK');
  });

  it('leaves an unknown saving empty, never a claimed zero', () => {
    expect(line).toMatch(/8\.402776,,bill,,$/);
  });
});

describe('the CSV of commitments billed to other accounts', () => {
  const billedElsewhere: CommitmentBilledElsewhere = {
    id: '+arn:aws:savingsplans::222222222222:savingsplan/sp-1',
    kind: 'savings-plan',
    type: 'Compute Savings Plan',
    owner_account_id: '222222222222',
    starts_at: '2026-03-01T00:00:00.000Z',
    ends_at: '2027-01-01T00:00:00.000Z',
    days_until_end: 25,
    state: 'active',
    share_percent: 88.888888,
    covered_on_demand_usd: null,
    covered_hours: 48,
    cost_usd: 26.666666666,
    net_savings_usd: null,
  };
  const [header, line] = commitmentsBilledElsewhereToCsv([billedElsewhere]).trim().split(/\r?\n/);

  it("names the account it is billed to and the scope's part of it", () => {
    expect(header).toBe(
      'Commitment,Type,Billed to account,Starts,Ends,Days until end,State,Your share (%),Covered hours,' +
        'Covered at On-Demand (USD),Cost under it (USD),Net savings (USD)',
    );
    expect(line).toContain(',222222222222,');
    expect(line).toContain(',88.89,48,,26.666667,');
  });

  it('never lets a spreadsheet read a cell as a formula', () => {
    expect(line).not.toMatch(/^"?\+/);
    expect(line).toContain('arn:aws:savingsplans');
  });

  it('leaves what the bill does not say empty, never a claimed zero', () => {
    expect(line).toMatch(/,26\.666667,$/);
  });
});
