import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BudgetView } from '../../../../contracts/alerts.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { BudgetForecast } from './budget-forecast.tsx';

const status: BudgetView['status'] = {
  as_of: '2026-11-11',
  period_start: '2026-11-01',
  period_end: '2026-11-30',
  period_key: '2026-11',
  actual_usd: 1_628,
  forecast_usd: 4_902,
  forecast_live_run_rate_usd: 0,
  forecast_commitment_ends: [],
  percent_used: 40.7,
  thresholds: [],
};
const plan = {
  commitment_id: 'arn:aws:savingsplans::111111111111:savingsplan/sp-ending',
  type: 'Compute Savings Plan',
  ends_at: '2026-11-20T00:00:00.000Z',
  ends_on: '2026-11-20',
  extra_usd: 462,
};

describe("a budget's forecast on the budget screen", () => {
  it("says what a commitment ending within the period adds, in the dashboard card's words", () => {
    renderScreen(<BudgetForecast status={{ ...status, forecast_commitment_ends: [plan] }} />);

    expect(screen.getByTestId('budget-forecast').textContent).toBe('$4,902.00');
    expect(screen.getByTestId('budget-forecast-commitment-end').textContent).toBe(
      'Includes $462.00 more from Nov 20, when Compute Savings Plan ends',
    );
  });

  it('says the bill cannot price the end rather than showing nothing', () => {
    renderScreen(
      <BudgetForecast status={{ ...status, forecast_commitment_ends: [{ ...plan, extra_usd: null }] }} />,
    );

    expect(screen.getByTestId('budget-forecast-commitment-end').textContent).toBe(
      "Compute Savings Plan ends Nov 20: the bill does not say its usage's On-Demand cost, so the increase is not included",
    );
  });

  it('says nothing of commitments when none ends within the period', () => {
    renderScreen(<BudgetForecast status={status} />);

    expect(screen.queryByTestId('budget-forecast-commitment-end')).toBeNull();
  });
});
