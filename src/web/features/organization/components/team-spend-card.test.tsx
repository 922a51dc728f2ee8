import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { TeamSpendCard } from './team-spend-card.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('a team’s spend card', () => {
  it('tells a member whose view covers their own teams why another team’s spend is not shown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ Code: 'NotFound', Message: 'Team spend not found' }), {
            status: 404,
          }),
      ),
    );
    renderScreen(<TeamSpendCard slug="data" manages={false} />);
    expect(await screen.findByTestId('team-spend-not-yours')).toBeTruthy();
    expect(screen.getByText(/shown to its members and to the organization's owners and admins/)).toBeTruthy();
  });
});
