import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { BudgetFormModal } from './budget-form-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const percentFields = () => screen.getAllByRole('textbox', { name: /^Threshold \d+ percent$/ });

describe('the budget form', () => {
  it('starts a new budget at 50, 80 and 100% of actual spend and 100% of the forecast', () => {
    renderScreen(<BudgetFormModal opened onClose={() => {}} />);

    expect(percentFields().map((field) => (field as HTMLInputElement).value)).toEqual([
      '50%',
      '80%',
      '100%',
      '100%',
    ]);
    expect(screen.getAllByRole('radio', { name: 'Actual spend', checked: true })).toHaveLength(3);
    expect(screen.getAllByRole('radio', { name: 'Forecast', checked: true })).toHaveLength(1);
  });

  it('sends the default thresholds without ids, for the server to name', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({}), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    renderScreen(<BudgetFormModal opened onClose={() => {}} />);

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Production AWS' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount (USD)' }), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create budget' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/budgets');
    expect(JSON.parse(String(init.body)).thresholds).toEqual([
      { percent: 50, basis: 'actual' },
      { percent: 80, basis: 'actual' },
      { percent: 100, basis: 'actual' },
      { percent: 100, basis: 'forecast' },
    ]);
  });
});
