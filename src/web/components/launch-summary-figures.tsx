import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LaunchLedgerSummaryView } from '../../contracts/launch-events.ts';
import { formatMonthEnd, formatUsdPerDay, formatUsdPerHour } from '../lib/launch-format.ts';
import { formatUsdHeadline } from '../lib/usd-format.ts';

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail: ReactNode;
  testId: string;
}) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fz={24} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Stack>
  );
}

/**
 * The three figures of "Launched since your bill data": what runs now, what it adds an
 * hour, and what it does to the month if nobody stops it. The dashboard card and the ledger page
 * both show them.
 */
export function LaunchSummaryFigures({ summary }: { summary: LaunchLedgerSummaryView }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
      <Figure
        testId="launch-running"
        label="Running"
        value={summary.running_count.toLocaleString('en-US')}
        detail="launched or resized, not in the bill yet"
      />
      <Figure
        testId="launch-run-rate"
        label="Added run-rate"
        value={formatUsdPerHour(summary.usd_per_hour)}
        detail={formatUsdPerDay(summary.usd_per_day)}
      />
      <Figure
        testId="launch-month-end"
        label="Month-end impact"
        value={`+${formatUsdHeadline(summary.projected_month_end_usd)}`}
        detail={`by ${formatMonthEnd(summary.month_end)} if left running (${formatUsdHeadline(summary.accrued_usd)} so far)`}
      />
    </SimpleGrid>
  );
}

export function LaunchSummaryFiguresSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" aria-label="Loading launches">
      {['running', 'rate', 'month'].map((key) => (
        <Stack key={key} gap={6}>
          <Skeleton h={12} w="50%" />
          <Skeleton h={26} w="70%" />
          <Skeleton h={12} w="60%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}
