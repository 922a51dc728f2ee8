import { describe, expect, it } from 'vitest';
import type { CommitmentRow } from '../../../contracts/commitments.ts';
import { commitmentsToCsv } from './commitments-csv.ts';

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
