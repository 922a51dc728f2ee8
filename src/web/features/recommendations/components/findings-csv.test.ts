import { describe, expect, it } from 'vitest';
import type { Ec2FindingView } from '../../../../contracts/recommendations.ts';
import { findingsToCsv } from './findings-csv.ts';

const finding: Ec2FindingView = {
  id: 'f1',
  integration_id: 'int-1',
  instance_id: 'i-0abc',
  name: 'batch-legacy',
  account_id: '281947365012',
  region: 'us-east-1',
  state: 'running',
  finding: 'over-provisioned',
  labels: ['auto-scaling-group'],
  current_type: 'm5.4xlarge',
  recommended_type: 'x8i.large',
  vcpu: 16,
  memory_gib: 64,
  percentile: 99.5,
  cpu_percentile: 10,
  memory_percentile: 27.23,
  target_cpu_percent: 80,
  projected_cpu_percent: 80,
  required_memory_gib: 21.8,
  hourly_cost: 0.768,
  price_source: 'billed',
  monthly_cost_now: 560.64,
  monthly_cost_after: 159.7459,
  monthly_savings: 400.8941,
  idle: { verdict: 'in-use', low_use_days: 0 },
  why: 'CPU peaks at 10% (p99.5); x8i.large would run it at 80%, under the 80% target, for $400.89 less a month.',
  action: null,
  window_start: '2026-11-08',
  window_end: '2026-11-21',
  computed_at: '2026-11-22T07:55:00.000Z',
};

describe('the findings CSV', () => {
  const [header, row] = findingsToCsv([finding]).split('\r\n');

  it('names every column a finance lead needs, savings in dollars and cents', () => {
    expect(header).toContain('Monthly savings (USD)');
    expect(row).toContain(',560.64,159.75,400.89,From your bill,');
  });

  it('quotes a sentence that holds commas and quotes', () => {
    const quoted = findingsToCsv([{ ...finding, why: 'Peaks at 10%, "steady"' }]).split('\r\n')[1];
    expect(quoted).toContain('"Peaks at 10%, ""steady"""');
  });

  it('leaves unknown values empty rather than zero', () => {
    const idle = findingsToCsv([{ ...finding, recommended_type: null, monthly_cost_after: null }]).split(
      '\r\n',
    )[1];
    expect(idle).toContain('m5.4xlarge,,99.5,10,');
    expect(idle).toContain('560.64,,400.89');
  });
});
