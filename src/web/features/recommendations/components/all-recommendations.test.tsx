import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  RecommendationItem,
  RecommendationListView,
} from '../../../../contracts/recommendation-list.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { AllRecommendations } from './all-recommendations.tsx';

afterEach(() => vi.unstubAllGlobals());

const item: RecommendationItem = {
  id: 'previous-generation:00000000-0000-4000-8000-000000000001',
  kind: 'previous-generation',
  source: 'spendguard',
  integration_id: 'int-1',
  account_id: '281947365012',
  region: 'us-east-1',
  resource_id: 'i-0legacy000000001',
  name: 'legacy-reports',
  tags: { team: 'platform', env: 'prod' },
  owner: { team_id: 'team-1', name: 'Platform', matched_by: 'tag team=platform' },
  why: 'm4.xlarge is a previous-generation family; m6i.xlarge has the same vCPUs and memory and costs less.',
  resource: null,
  monthly_savings: 12.5,
  price: { known: true, basis: 'bill', source: 'the bill of 2026-11' },
  action: null,
};

const list: RecommendationListView = {
  findings: [item],
  totals: [{ kind: 'previous-generation', count: 1, monthly_savings: 12.5, price_unknown: 0 }],
  total_monthly_savings: 12.5,
  finders: [],
  accounts: ['281947365012'],
  regions: ['us-east-1'],
  teams: [{ id: 'team-1', name: 'Platform' }],
  tags: ['env=prod', 'team=platform'],
};

describe('every recommendation', () => {
  it('names the kind in full and asks the API for the chosen team and tag', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify(list), { status: 200 });
      }),
    );
    renderScreen(<AllRecommendations canAct={false} />, {
      answers: [[queryKeys.recommendationList.list({}), list]],
    });
    expect(screen.getAllByText('Previous generation').length).toBeGreaterThan(0);
    expect(screen.getByText(item.why)).toBeTruthy();

    fireEvent.click(screen.getByPlaceholderText('Every team'));
    fireEvent.click(await screen.findByRole('option', { name: 'Platform' }));
    await waitFor(() => expect(urls.some((url) => url.includes('team=team-1'))).toBe(true));

    fireEvent.click(screen.getByPlaceholderText('Any tag'));
    fireEvent.click(await screen.findByRole('option', { name: 'env=prod' }));
    await waitFor(() =>
      expect(urls.some((url) => url.includes('team=team-1') && url.includes('tag=env%3Dprod'))).toBe(true),
    );
  });

  it('names where each finding came from, and says calmly which accounts have Compute Optimizer off', () => {
    const imported: RecommendationItem = {
      ...item,
      id: 'rightsizing:00000000-0000-4000-8000-000000000002',
      kind: 'rightsizing',
      source: 'compute-optimizer',
      resource_id: 'i-0kafka00000000001',
      name: 'kafka-broker-1',
      why: 'Compute Optimizer finds it sized right and recommends r6g.xlarge instead of r6i.xlarge.',
      price: { known: true, basis: 'aws-estimate', source: "Compute Optimizer's estimate" },
    };
    const state = {
      integration_id: 'int-1',
      finder: 'computeOptimizer' as const,
      permission: 'compute-optimizer:GetEC2InstanceRecommendations',
      regions: 1,
      calls: 1,
      checked_at: '2026-11-22T00:00:00.000Z',
    };
    const withImport: RecommendationListView = {
      ...list,
      findings: [item, imported],
      finders: [
        { ...state, account_id: '281947365012', state: 'ok', message: null },
        { ...state, account_id: '593018274650', state: 'not-enrolled', message: 'not turned on' },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(withImport), { status: 200 })),
    );
    renderScreen(<AllRecommendations canAct={false} />, {
      answers: [[queryKeys.recommendationList.list({}), withImport]],
    });
    expect(screen.getByText('Spendguard')).toBeTruthy();
    expect(screen.getByText('Compute Optimizer')).toBeTruthy();
    expect(screen.getByText('Compute Optimizer is off').closest('[role="alert"]')?.textContent).toContain(
      '593018274650',
    );
    expect(screen.queryByText(/not checked/)).toBeNull();
  });
});
