import { Stack, Text } from '@mantine/core';
import type { BudgetView } from '../../../../contracts/alerts.ts';
import { commitmentEndText } from '../../../lib/commitment-end-text.ts';
import { formatUsd } from './alert-format.ts';

/**
 * A budget's forecast to its period's end, with what it holds beyond the bill's trend: resources launched
 * since the bill data, and commitments ending within the period, in the dashboard card's words
 * (decision 137).
 */
export function BudgetForecast({ status }: { status: BudgetView['status'] }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Forecast
      </Text>
      <Text fw={700} size="lg" data-testid="budget-forecast">
        {status.forecast_usd === null ? '—' : formatUsd(status.forecast_usd)}
      </Text>
      {status.forecast_live_run_rate_usd > 0 && (
        <Text size="xs" c="dimmed" data-testid="budget-live-run-rate">
          includes {formatUsd(status.forecast_live_run_rate_usd)} from resources launched since your bill data
        </Text>
      )}
      {status.forecast_commitment_ends.map((end) => (
        <Text key={end.commitment_id} size="xs" c="orange.8" data-testid="budget-forecast-commitment-end">
          {commitmentEndText(end)}
        </Text>
      ))}
    </Stack>
  );
}
