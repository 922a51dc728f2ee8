import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CommitmentsView } from '../../../../contracts/commitments.ts';
import { formatUsd, formatUsdHeadline } from '../../../lib/usd-format.ts';
import { formatPercent } from './commitment-language.ts';

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Title order={3}>{value}</Title>
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The figures a finance lead reads first: waste, savings, coverage and what ends soon. */
export function CommitmentsSummary({ view }: { view: CommitmentsView }) {
  const rows = view.commitments;
  const total = rows.reduce((sum, row) => sum + row.total_commitment_usd, 0);
  const used = rows.reduce((sum, row) => sum + row.used_commitment_usd, 0);
  const unused = rows.reduce((sum, row) => sum + row.unused_commitment_usd, 0);
  const knownSavings = rows.filter((row) => row.net_savings_usd !== null);
  const savings = knownSavings.reduce((sum, row) => sum + (row.net_savings_usd ?? 0), 0);
  const plans = view.coverage.find((row) => row.kind === 'savings-plan');
  const reservations = view.coverage.find((row) => row.kind === 'reservation');
  const ending = rows.filter(
    (row) => row.state === 'active' && row.days_until_end !== null && row.days_until_end <= 60,
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" mb="lg">
      <Figure
        label="Unused commitment"
        value={formatUsdHeadline(unused)}
        note={`${formatPercent(total > 0 ? (used / total) * 100 : null)} of ${formatUsd(total)} committed was used`}
      />
      <Figure
        label="Net savings"
        value={formatUsdHeadline(savings)}
        note={
          knownSavings.length === rows.length
            ? 'Against the same usage at On-Demand prices'
            : 'Some commitments do not say their On-Demand cost'
        }
      />
      <Figure
        label="Coverage"
        value={`${formatPercent(plans?.cost_coverage_percent ?? null)} · ${formatPercent(reservations?.hours_coverage_percent ?? null)}`}
        note="Savings Plans (On-Demand $) · reservations (hours) of eligible usage"
      />
      <Figure
        label="Ending within 60 days"
        value={String(ending.length)}
        note={
          ending.length === 0
            ? 'No commitment ends soon'
            : 'Their usage moves to On-Demand prices from the end date'
        }
      />
    </SimpleGrid>
  );
}
