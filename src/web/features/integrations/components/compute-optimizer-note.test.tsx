import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { ComputeOptimizerNote, CostOptimizationHubNote } from './compute-optimizer-note.tsx';

type Account = NonNullable<IntegrationView['compute_optimizer']>['accounts'][number];

const withAccounts = (accounts: Account[]) =>
  ({ compute_optimizer: { checked_at: '2026-12-07T10:00:00.000Z', accounts } }) as IntegrationView;
const account = (
  id: string,
  state: Account['state'],
  permission = 'compute-optimizer:GetEC2InstanceRecommendations',
) => ({
  account_id: id,
  state,
  permission,
  message: null,
});

describe("the Compute Optimizer note on an integration's card", () => {
  it('says calmly which accounts have it off, and names a permission a role lacks', () => {
    renderScreen(
      <ComputeOptimizerNote
        integration={withAccounts([
          account('111111111111', 'ok'),
          account('222222222222', 'not-enrolled'),
          account('333333333333', 'missing-permission', 'compute-optimizer:GetIdleRecommendations'),
        ])}
      />,
    );
    const off = screen.getByTestId('compute-optimizer-off-note');
    expect(off.textContent).toContain('Account 222222222222 has AWS Compute Optimizer off');
    expect(off.textContent).not.toContain('111111111111');
    const blocked = screen.getByTestId('compute-optimizer-blocked-note');
    expect(blocked.textContent).toContain('Account 333333333333: the role lacks');
    expect(screen.getByText('compute-optimizer:GetIdleRecommendations')).toBeTruthy();
  });

  it('shows nothing when every account imported, or before the first sync', () => {
    renderScreen(<ComputeOptimizerNote integration={withAccounts([account('111111111111', 'ok')])} />);
    expect(screen.queryByTestId('compute-optimizer-off-note')).toBeNull();
    renderScreen(<ComputeOptimizerNote integration={{ compute_optimizer: null } as IntegrationView} />);
    expect(screen.queryByTestId('compute-optimizer-off-note')).toBeNull();
    expect(screen.queryByTestId('compute-optimizer-blocked-note')).toBeNull();
  });
});

describe("the Cost Optimization Hub note on an integration's card", () => {
  it('says which accounts have the hub off, that their earlier import stays, and a permission lacking', () => {
    renderScreen(
      <CostOptimizationHubNote
        integration={
          {
            cost_optimization_hub: {
              checked_at: '2026-12-07T10:00:00.000Z',
              accounts: [
                account('111111111111', 'ok'),
                account('222222222222', 'not-enrolled'),
                account('333333333333', 'missing-permission', 'cost-optimization-hub:ListRecommendations'),
              ],
            },
          } as IntegrationView
        }
      />,
    );
    const off = screen.getByTestId('cost-optimization-hub-off-note');
    expect(off.textContent).toContain('Account 222222222222 has AWS Cost Optimization Hub off');
    expect(off.textContent).toContain('what an earlier import brought stays listed');
    expect(screen.getByTestId('cost-optimization-hub-blocked-note').textContent).toContain(
      'Account 333333333333: the role lacks',
    );
    expect(screen.getByText('cost-optimization-hub:ListRecommendations')).toBeTruthy();
    expect(screen.queryByTestId('compute-optimizer-off-note')).toBeNull();
  });
});
