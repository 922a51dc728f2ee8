import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceActionView } from '../../../../contracts/actions.ts';
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
    renderScreen(<AllRecommendations canAct={false} mayAct={() => false} />, {
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
    renderScreen(<AllRecommendations canAct={false} mayAct={() => false} />, {
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

const idleDatabase: RecommendationItem = {
  ...item,
  id: 'idle-database:00000000-0000-4000-8000-000000000002',
  kind: 'idle-database',
  resource_id: 'auth-db',
  name: 'auth-db',
  why: 'No connections in 14 days.',
  resource: { type: 'rds-db-instance', account_id: '281947365012', region: 'us-east-1', id: 'auth-db' },
};

const groupInstance: RecommendationItem = {
  ...item,
  id: 'idle-instance:00000000-0000-4000-8000-000000000003',
  kind: 'idle-instance',
  resource_id: 'i-0api000000000001',
  name: 'api-prod',
  tags: { team: 'payments', 'aws:autoscaling:groupName': 'api-prod-asg' },
  why: 'CPU under 2% for 14 days.',
};

const databaseAction = (
  status: ResourceActionView['status'],
  operation: 'stop' | 'start' = 'stop',
): ResourceActionView => ({
  id: operation === 'stop' ? 'a-1' : 'a-2',
  integration_id: 'int-1',
  kind: 'stop-database',
  resource_type: 'rds-db-instance',
  operation,
  account_id: '281947365012',
  region: 'us-east-1',
  launch_id: null,
  notification_id: null,
  undo_of: operation === 'start' ? 'a-1' : null,
  status,
  steps: [
    {
      resource_id: 'auth-db',
      outcome: 'change',
      state_before: operation === 'stop' ? 'available' : 'stopped',
      state_after: operation === 'stop' ? 'stopped' : 'available',
      reason: null,
      dry_run: "RDS has no dry run: the action role was assumed and the resource's state read.",
    },
  ],
  proposed_at: '2026-12-06T09:04:00Z',
  expires_at: '2026-12-07T09:04:00Z',
  decided_via: status === 'done' ? 'app' : null,
  decided_at: status === 'done' ? '2026-12-06T09:04:10Z' : null,
  results:
    status === 'done'
      ? [
          {
            id: `log-${operation}`,
            action_id: 'a-1',
            integration_id: 'int-1',
            resource_id: 'auth-db',
            operation,
            outcome: 'changed',
            state_before: operation === 'stop' ? 'available' : 'stopped',
            state_after: operation === 'stop' ? 'stopping' : 'starting',
            aws_code: null,
            aws_message: 'ok',
            approved_by: 'u-1',
            approved_by_name: 'Olivia Owner',
            approved_via: 'app',
            at: '2026-12-06T09:04:10Z',
          },
        ]
      : [],
  undoable: status === 'done' && operation === 'stop',
  automatic: null,
  kept_at: null,
  confirmation_link: null,
});

const withFindings = (findings: RecommendationItem[]): RecommendationListView => ({ ...list, findings });

describe('acting on a finding’s resource', () => {
  it('stops an idle database after its dry run, shows what it did, and undoes it', async () => {
    const calls: Array<{ url: string; body?: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.endsWith('/api/actions'))
          return new Response(JSON.stringify(databaseAction('proposed')), { status: 201 });
        if (url.endsWith('/confirm'))
          return new Response(JSON.stringify(databaseAction('done')), { status: 200 });
        if (url.endsWith('/undo'))
          return new Response(JSON.stringify(databaseAction('done', 'start')), { status: 201 });
        return new Response(JSON.stringify(withFindings([idleDatabase])), { status: 200 });
      }),
    );
    renderScreen(<AllRecommendations canAct mayAct={() => true} />, {
      answers: [[queryKeys.recommendationList.list({}), withFindings([idleDatabase])]],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Stop the database auth-db' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the database' });
    expect(
      await within(dialog).findByText('This will stop the database auth-db in 281947365012 (us-east-1).'),
    ).toBeTruthy();
    expect(within(dialog).getByText('available → stopped')).toBeTruthy();
    expect(within(dialog).getByTestId('dry-run-note').textContent).toContain('RDS has no dry run');
    expect(calls.find((call) => call.url.endsWith('/api/actions'))?.body).toEqual({
      integration_id: 'int-1',
      kind: 'stop-database',
      resource: { account_id: '281947365012', region: 'us-east-1', id: 'auth-db', type: 'rds-db-instance' },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm: stop the database' }));
    expect(
      await within(dialog).findByText('Stopped the database auth-db in 281947365012 (us-east-1).'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo: start it again' }));
    expect(
      await within(dialog).findByText('Started the database auth-db in 281947365012 (us-east-1).'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Undo/ })).toBeNull();
    expect(calls.filter((call) => call.url.endsWith('/api/actions/a-1/undo'))).toHaveLength(1);
  });

  it('offers the group behind an instance and a tag for later; the tag asks why before its dry run', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/api/actions')) {
          bodies.push(JSON.parse(String(init?.body)));
          return new Response(JSON.stringify({ Code: 'Forbidden', Message: 'stop here' }), { status: 403 });
        }
        return new Response(JSON.stringify(withFindings([groupInstance])), { status: 200 });
      }),
    );
    renderScreen(<AllRecommendations canAct={false} mayAct={() => true} />, {
      answers: [[queryKeys.recommendationList.list({}), withFindings([groupInstance])]],
    });
    expect(screen.getByRole('button', { name: 'Set the Auto Scaling group api-prod-asg to 0' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tag i-0api000000000001 for later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tag for later' });
    const show = within(dialog).getByRole('button', { name: 'Show what will change' });
    expect((show as HTMLButtonElement).disabled).toBe(true);
    expect(bodies).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Why should it be looked at later?'), {
      target: { value: 'Idle since the migration' },
    });
    fireEvent.click(show);
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          integration_id: 'int-1',
          kind: 'tag-for-review',
          resource: {
            account_id: '281947365012',
            region: 'us-east-1',
            id: 'i-0api000000000001',
            type: 'ec2-instance',
          },
          reason: 'Idle since the migration',
        },
      ]),
    );
    // The API's refusal is shown where the person acted.
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
  });

  it('shows no action on a resource the person may not approve', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(list), { status: 200 })),
    );
    renderScreen(
      <AllRecommendations canAct={false} mayAct={(resource) => resource.tags.team === 'platform'} />,
      { answers: [[queryKeys.recommendationList.list({}), withFindings([idleDatabase, groupInstance])]] },
    );
    expect(screen.getByRole('button', { name: 'Stop the database auth-db' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /api-prod-asg|i-0api000000000001/ })).toBeNull();
  });
});
