import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import { percentChange } from '../../../../domain/cost-movers.ts';
import { commitmentEndText } from '../../../lib/commitment-end-text.ts';
import { uncomparedBecause } from './previous-period.ts';
import {
  formatDay,
  formatMonthLong,
  formatPercent,
  formatRange,
  formatSignedUsd,
  formatUsdHeadline,
} from './spend-format.ts';

function StatCard({
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
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text
        fz={28}
        fw={700}
        mt={4}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={`${testId}-value`}
      >
        {value}
      </Text>
      <Text size="sm" c="dimmed" mt={2}>
        {detail}
      </Text>
    </Paper>
  );
}

function ChangeValue({ current, previous }: { current: number; previous: number }) {
  const change = current - previous;
  const percent = percentChange(current, previous);
  // Spend going up is the surprise this product warns about: red up, green down.
  const color = Math.abs(change) < 0.005 ? 'gray' : change > 0 ? 'red' : 'teal';
  const Icon = Math.abs(change) < 0.005 ? IconMinus : change > 0 ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group gap={6} wrap="nowrap">
      <ThemeIcon variant="light" color={color} size={28} radius="xl">
        <Icon size={18} />
      </ThemeIcon>
      <span>{previous === 0 ? formatSignedUsd(change) : formatPercent(percent)}</span>
    </Group>
  );
}

/**
 * The four figures a finance lead reads first. The forecast is the bill's, with what a commitment ending
 * this month adds named under it (decision 114); launches the bill does not hold yet (the card above)
 * are named beside it, as a budget's forecast names its live part.
 */
export function SpendCards({
  data,
  unbilledLaunchesUsd,
}: {
  data: BillingData;
  /** What the launches card says running launches add by month end; null when it does not apply. */
  unbilledLaunchesUsd: number | null;
}) {
  const forecast = data.month_end_forecast;
  const previous = data.previous_period;
  const uncompared = uncomparedBecause(data);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {forecast ? (
        <StatCard
          testId="card-month-to-date"
          label="Month to date"
          value={formatUsdHeadline(forecast.month_to_date)}
          detail={`${formatMonthLong(forecast.month)}, through ${formatDay(forecast.today)}`}
        />
      ) : (
        <StatCard
          testId="card-month-to-date"
          label="Spend in range"
          value={formatUsdHeadline(data.total)}
          detail={formatRange(data.start_date, data.end_date)}
        />
      )}
      <StatCard
        testId="card-forecast"
        label="Forecast month end"
        value={forecast ? formatUsdHeadline(forecast.forecast) : '—'}
        detail={
          forecast ? (
            <>
              80% likely {formatUsdHeadline(forecast.lower)} – {formatUsdHeadline(forecast.upper)}
              {forecast.commitment_ends.map((end) => (
                <Text
                  key={end.commitment_id}
                  span
                  display="block"
                  size="sm"
                  c="orange.8"
                  data-testid="card-forecast-commitment-end"
                >
                  {commitmentEndText(end)}
                </Text>
              ))}
              {unbilledLaunchesUsd !== null && unbilledLaunchesUsd >= 0.5 && (
                <Text span display="block" size="sm" c="orange.8" data-testid="card-forecast-launches">
                  Bill data only: the launches above add +{formatUsdHeadline(unbilledLaunchesUsd)} if left
                  running
                </Text>
              )}
            </>
          ) : (
            'Shown when the range includes today'
          )
        }
      />
      <StatCard
        testId="card-last-month"
        label="Last month"
        value={data.last_month.held ? formatUsdHeadline(data.last_month.total) : '—'}
        detail={
          data.last_month.held
            ? formatMonthLong(data.last_month.start_date)
            : `No bill data for ${formatMonthLong(data.last_month.start_date)}`
        }
      />
      <StatCard
        testId="card-change"
        label={previous.through_today ? 'Change vs same days before' : 'Change vs previous period'}
        value={uncompared ? '—' : <ChangeValue current={data.total} previous={previous.total} />}
        detail={
          uncompared?.short ??
          `${formatSignedUsd(data.total - previous.total)} vs ${formatRange(previous.start_date, previous.end_date)}`
        }
      />
    </SimpleGrid>
  );
}

export function SpendCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {[0, 1, 2, 3].map((index) => (
        <Paper key={index} withBorder radius="md" p="md">
          <Skeleton height={10} width="50%" />
          <Skeleton height={28} mt="sm" width="70%" />
          <Skeleton height={10} mt="sm" width="60%" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
