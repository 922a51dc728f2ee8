import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActionLogEntryView, ResourceActionView } from '../../contracts/actions.ts';
import { renderScreen } from '../testing/render-screen.tsx';
import { ActionSteps, actionHeadline } from './action-steps.tsx';

const proposal: ResourceActionView = {
  id: 'a-1',
  integration_id: 'int-1',
  kind: 'stop-instances',
  resource_type: 'ec2-instance',
  notification_id: null,
  operation: 'stop',
  account_id: '281947365012',
  region: 'us-east-1',
  launch_id: null,
  undo_of: null,
  status: 'proposed',
  steps: [
    {
      resource_id: 'i-0aaa00000001',
      outcome: 'change',
      state_before: 'running',
      state_after: 'stopped',
      reason: null,
      dry_run: 'DryRunOperation: Request would have succeeded, but DryRun flag is set.',
    },
    {
      resource_id: 'i-0aaa00000002',
      outcome: 'refused',
      state_before: 'running',
      state_after: null,
      reason: 'It is tagged spendguard:protect=true: Spendguard never acts on it.',
      dry_run: null,
    },
    {
      resource_id: 'i-0aaa00000003',
      outcome: 'nothing-to-do',
      state_before: 'stopped',
      state_after: null,
      reason: 'Nothing to do: it is already stopped.',
      dry_run: null,
    },
  ],
  proposed_at: '2026-12-06T09:00:00.000Z',
  expires_at: '2026-12-07T09:00:00.000Z',
  decided_via: null,
  decided_at: null,
  results: [],
  undoable: false,
  automatic: null,
  kept_at: null,
  confirmation_link: null,
};

const entry = (
  resourceId: string,
  outcome: ActionLogEntryView['outcome'],
  extra: Partial<ActionLogEntryView> = {},
): ActionLogEntryView => ({
  id: `log-${resourceId}`,
  action_id: 'a-1',
  integration_id: 'int-1',
  resource_id: resourceId,
  operation: 'stop',
  outcome,
  state_before: 'running',
  state_after: outcome === 'changed' ? 'stopping' : null,
  aws_code: null,
  aws_message: 'running → stopping',
  approved_by: 'u-1',
  approved_by_name: 'Olivia Owner',
  approved_via: 'app',
  at: '2026-12-06T09:01:00.000Z',
  ...extra,
});

describe('what an action will change, and what it did', () => {
  it('says before the decision how many of the instances will stop, and why the others will not', () => {
    renderScreen(<ActionSteps action={proposal} />);
    expect(actionHeadline(proposal)).toBe('This will stop 1 of 3 instances in 281947365012 (us-east-1).');
    expect(screen.getByText('will change')).toBeTruthy();
    expect(
      screen.getByText('It is tagged spendguard:protect=true: Spendguard never acts on it.'),
    ).toBeTruthy();
    expect(screen.getByText('Nothing to do: it is already stopped.')).toBeTruthy();
  });

  it('names which failed and why after a partial failure', () => {
    const ran: ResourceActionView = {
      ...proposal,
      status: 'partly-done',
      results: [
        entry('i-0aaa00000001', 'changed'),
        entry('i-0aaa00000004', 'failed', {
          aws_code: 'IncorrectInstanceState',
          aws_message: "The instance 'i-0aaa00000004' is not in a state from which it can be stopped.",
        }),
      ],
    };
    renderScreen(<ActionSteps action={ran} />);
    expect(actionHeadline(ran)).toBe('Stopped 1 of 3; 1 not: see why below.');
    expect(
      screen.getByText(
        "IncorrectInstanceState: The instance 'i-0aaa00000004' is not in a state from which it can be stopped.",
      ),
    ).toBeTruthy();
    expect(screen.getByText('running → stopping')).toBeTruthy();
  });

  it('names a group’s scale-down and a database’s stop in their own words, with what the check proved', () => {
    const group: ResourceActionView = {
      ...proposal,
      kind: 'scale-to-zero',
      resource_type: 'auto-scaling-group',
      operation: 'scale-to-zero',
      steps: [
        {
          resource_id: 'api-prod-asg',
          outcome: 'change',
          state_before: 'min 1, max 3, desired 1',
          state_after: 'min 0, max 3, desired 0',
          reason: null,
          dry_run: 'Auto Scaling has no dry run: the action role was assumed.',
        },
      ],
    };
    expect(actionHeadline(group)).toBe(
      `This will set the Auto Scaling group api-prod-asg to 0 in ${proposal.account_id} (us-east-1).`,
    );
    renderScreen(<ActionSteps action={group} />);
    expect(screen.getByRole('columnheader', { name: 'Auto Scaling group' })).toBeTruthy();
    expect(screen.getByTestId('dry-run-note').textContent).toMatch(
      /^Auto Scaling has no dry run: the action role was assumed\. Min and desired go to 0 and max stays: the group terminates its instances, which stop billing\./,
    );
    const database: ResourceActionView = {
      ...group,
      kind: 'stop-database',
      resource_type: 'rds-db-instance',
      operation: 'stop',
      steps: [
        { ...group.steps[0]!, resource_id: 'auth-db', state_before: 'available', state_after: 'stopped' },
      ],
    };
    expect(actionHeadline(database)).toBe(
      `This will stop the database auth-db in ${proposal.account_id} (us-east-1).`,
    );
  });
});
