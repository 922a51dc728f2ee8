import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceActionView } from '../../../../contracts/actions.ts';
import type { LaunchLedgerRowView } from '../../../../contracts/launch-events.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { LaunchLedgerTable } from './launch-ledger-table.tsx';

afterEach(() => vi.unstubAllGlobals());

const ids = Array.from({ length: 8 }, (_, index) => `i-0aaa0000000${index + 1}`);

const row = (resourceId: string, running: boolean, launchKey = 'call:run-1'): LaunchLedgerRowView => ({
  id: `281947365012/us-east-1/${resourceId}@2026-12-06T09:00:00Z`,
  integration_id: 'int-1',
  integration_name: 'Demo',
  resource_kind: 'ec2-instance',
  resource_id: resourceId,
  type: 'p4d.24xlarge',
  previous_type: null,
  origin: 'launch',
  count: 1,
  region: 'us-east-1',
  account_id: '281947365012',
  launched_by: 'arn:aws:iam::281947365012:user/maya.chen',
  started_at: '2026-12-06T09:00:00Z',
  launch_key: launchKey,
  ended_at: running ? null : '2026-12-06T09:05:00Z',
  running,
  usd_per_hour: 21.96,
  added_usd_per_hour: 21.96,
  added_usd_per_day: 527.04,
  price_source: 'catalog',
  unknown_reason: null,
  billed: false,
});

const action = (status: 'proposed' | 'done'): ResourceActionView => ({
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
  status,
  steps: ids.map((resourceId) => ({
    resource_id: resourceId,
    outcome: 'change',
    state_before: 'running',
    state_after: 'stopped',
    reason: null,
    dry_run: 'DryRunOperation',
  })),
  proposed_at: '2026-12-06T09:04:00Z',
  expires_at: '2026-12-07T09:04:00Z',
  decided_via: status === 'done' ? 'app' : null,
  decided_at: status === 'done' ? '2026-12-06T09:04:10Z' : null,
  results:
    status === 'done'
      ? ids.map((resourceId) => ({
          id: `log-${resourceId}`,
          action_id: 'a-1',
          integration_id: 'int-1',
          resource_id: resourceId,
          operation: 'stop',
          outcome: 'changed',
          state_before: 'running',
          state_after: 'stopped',
          aws_code: null,
          aws_message: 'stopping',
          approved_by: 'u-1',
          approved_by_name: 'Dana Demo',
          approved_via: 'app',
          at: '2026-12-06T09:04:10Z',
        }))
      : [],
  undoable: status === 'done',
  automatic: null,
  kept_at: null,
  confirmation_link: null,
});

/** The ledger as the page shows it, until its next answer says the launch's instances ended. */
function Ledger() {
  const [ended, setEnded] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setEnded(true)}>
        ledger refreshed
      </button>
      <LaunchLedgerTable
        rows={ids.map((resourceId) => row(resourceId, !ended))}
        timeZone="UTC"
        empty={null}
        mayAct={() => true}
      />
    </>
  );
}

describe('stopping a launch from the ledger', () => {
  it('keeps the outcome and Undo on screen when the refreshed ledger no longer shows the launch running', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/confirm')
          ? new Response(JSON.stringify(action('done')), { status: 200 })
          : new Response(JSON.stringify(action('proposed')), { status: 201 }),
      ),
    );
    renderScreen(<Ledger />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Stop 8 instances of this launch' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/^This will stop 8 of 8 instances/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm: stop 8' }));
    expect(await within(dialog).findByText(/^Stopped 8 of 8 instances/)).toBeTruthy();

    // The ledger refreshes: the stopped rows ended, so no row carries Stop any more.
    fireEvent.click(screen.getByRole('button', { name: 'ledger refreshed', hidden: true }));
    expect(screen.queryAllByRole('button', { name: /^Stop \d+ instances/ })).toHaveLength(0);
    const still = screen.getByRole('dialog');
    expect(within(still).getByText(/^Stopped 8 of 8 instances/)).toBeTruthy();
    expect(within(still).getByRole('button', { name: 'Undo: start them again' })).toBeTruthy();
  });
});

/** A fetch that refuses every proposal (403) and keeps the bodies it was sent, in order. */
function refusingFetch<Body = unknown>(): Body[] {
  const bodies: Body[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ Code: 'Forbidden', Message: 'not yours' }), { status: 403 });
    }),
  );
  return bodies;
}

describe('what one launch is', () => {
  it('keeps two calls started in the same second apart: each offers to stop its own 8', async () => {
    const others = ids.map((id) => `${id}-other`);
    const bodies = refusingFetch<{ instance_ids?: string[] }>();
    renderScreen(
      <LaunchLedgerTable
        rows={[...ids.map((id) => row(id, true)), ...others.map((id) => row(id, true, 'call:run-2'))]}
        timeZone="UTC"
        empty={null}
        mayAct={() => true}
      />,
    );
    const stops = screen.getAllByRole('button', { name: 'Stop 8 instances of this launch' });
    expect(stops).toHaveLength(2);
    fireEvent.click(stops[1]!);
    await screen.findByRole('dialog');
    expect(new Set(bodies[0]?.instance_ids)).toEqual(new Set(others));
  });
});

describe('what the ledger offers on each row', () => {
  const group: LaunchLedgerRowView = {
    ...row('web-asg', true),
    resource_kind: 'auto-scaling-group',
    count: 4,
    type: null,
  };

  it('offers to set a running group to 0 and to tag a running instance; the group’s dry run opens at once', async () => {
    const bodies = refusingFetch();
    renderScreen(
      <LaunchLedgerTable
        rows={[group, row(ids[0]!, true)]}
        timeZone="UTC"
        empty={null}
        mayAct={() => true}
      />,
    );
    expect(screen.getByRole('button', { name: `Tag ${ids[0]} for later` })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set the Auto Scaling group web-asg to 0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the Auto Scaling group to 0' });
    expect(await within(dialog).findByText('not yours')).toBeTruthy();
    expect(bodies).toEqual([
      {
        integration_id: 'int-1',
        kind: 'scale-to-zero',
        resource: {
          account_id: '281947365012',
          region: 'us-east-1',
          id: 'web-asg',
          type: 'auto-scaling-group',
        },
      },
    ]);
  });

  it('gives a person who may not approve no button, and says who may', () => {
    renderScreen(
      <LaunchLedgerTable
        rows={[group, ...ids.map((id) => row(id, true))]}
        timeZone="UTC"
        empty={null}
        mayAct={() => false}
      />,
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getAllByText('Owners, admins or its team may act').length).toBeGreaterThan(0);
  });
});
