import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Ec2FindingView } from '../../../../contracts/recommendations.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { FindingsTable } from './findings-table.tsx';

function finding(change: Partial<Ec2FindingView>): Ec2FindingView {
  return {
    id: 'finding-1',
    integration_id: 'integration-1',
    instance_id: 'i-0123456789abcdef0',
    name: 'web-1',
    account_id: '111122223333',
    region: 'us-east-1',
    state: 'running',
    finding: 'over-provisioned',
    labels: [],
    current_type: 'm5.2xlarge',
    recommended_type: 'm5.large',
    vcpu: 8,
    memory_gib: 32,
    percentile: 99.5,
    cpu_percentile: 12,
    memory_percentile: 20,
    target_cpu_percent: 80,
    projected_cpu_percent: 48,
    required_memory_gib: 8,
    hourly_cost: 0.384,
    price_source: 'billed',
    monthly_cost_now: 280.32,
    monthly_cost_after: 70.08,
    monthly_savings: 210.24,
    idle: { verdict: 'in-use', low_use_days: 0 },
    why: 'CPU stayed under 12% for 14 days.',
    action: null,
    window_start: '2026-11-01',
    window_end: '2026-11-14',
    computed_at: '2026-11-15T00:00:00.000Z',
    ...change,
  };
}

function renderTable(findings: Ec2FindingView[]) {
  const onSort = vi.fn();
  const onOpen = vi.fn();
  renderScreen(
    <FindingsTable
      findings={findings}
      filters={{ sort: 'savings' }}
      percentile={99.5}
      onSort={onSort}
      onOpen={onOpen}
    />,
  );
  return { onSort, onOpen };
}

describe('the EC2 findings table', () => {
  it('shows the type to move to, or Stop for an idle instance, with what it saves', () => {
    renderTable([
      finding({}),
      finding({
        id: 'finding-2',
        name: 'batch-1',
        finding: 'idle',
        recommended_type: null,
        monthly_savings: 280.32,
      }),
    ]);
    const rows = screen.getAllByRole('row');
    const web = rows.find((row) => row.textContent?.includes('web-1'));
    const batch = rows.find((row) => row.textContent?.includes('batch-1'));
    expect(web?.textContent).toContain('m5.2xlargem5.large');
    expect(batch?.textContent).toContain('Stop');
    expect(screen.getAllByText('CPU stayed under 12% for 14 days.')).toHaveLength(2);
  });

  it('says what fixing an under-provisioned instance adds, not a saving', () => {
    renderTable([finding({ finding: 'under-provisioned', monthly_savings: -35 })]);
    expect(screen.getByText(/more$/).textContent).toMatch(/^\$35(\.00)? more$/);
  });

  it('opens the instance named in the row, and sorts by the column asked', () => {
    const { onSort, onOpen } = renderTable([finding({})]);
    fireEvent.click(screen.getByRole('button', { name: 'web-1' }));
    expect(onOpen).toHaveBeenCalledWith('finding-1');
    fireEvent.click(screen.getByRole('button', { name: /Cost \/ month/ }));
    expect(onSort).toHaveBeenCalledWith('cost_now', 'desc');
  });
});
