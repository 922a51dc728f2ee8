import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WasteSettingsView } from '../../../../contracts/recommendation-list.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { WasteSettingsButton } from './waste-settings-button.tsx';

afterEach(() => vi.unstubAllGlobals());

const settings: WasteSettingsView = {
  unattached_days: 7,
  snapshot_age_days: 90,
  snapshots_kept_per_volume: 5,
  nat_gateway_min_gb: 1,
  load_balancer_min_requests: 100,
  database_idle_days: 7,
};
const answers: Array<[readonly unknown[], unknown]> = [[['recommendations', 'waste-settings'], settings]];

describe('the waste thresholds', () => {
  it('lets an owner change one, shows the field the server refuses beside it, and saves', async () => {
    const bodies: unknown[] = [];
    const replies = [
      new Response(JSON.stringify({ Code: 'BadRequest', Message: 'unattached_days: must be at least 1' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
      new Response(JSON.stringify({ ...settings, unattached_days: 14 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          bodies.push(JSON.parse(String(init.body)));
          return replies.shift() as Response;
        }
        return new Response(JSON.stringify(settings), { status: 200 });
      }),
    );
    renderScreen(<WasteSettingsButton canEdit />, { answers });
    fireEvent.click(screen.getByRole('button', { name: 'Thresholds' }));
    const unattached = await screen.findByLabelText('Unattached volumes');
    expect((unattached as HTMLInputElement).value).toBe('7 days');

    fireEvent.change(unattached, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('unattached_days: must be at least 1')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ unattached_days: 0, snapshot_age_days: 90 });

    fireEvent.change(unattached, { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save thresholds' })).toBeNull());
    expect(bodies[1]).toEqual({ ...settings, unattached_days: 14 });
  });

  it('shows a member the thresholds without a way to save them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(settings), { status: 200 })),
    );
    renderScreen(<WasteSettingsButton canEdit={false} />, { answers });
    fireEvent.click(screen.getByRole('button', { name: 'Thresholds' }));
    expect(((await screen.findByLabelText('Idle database')) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save thresholds' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
