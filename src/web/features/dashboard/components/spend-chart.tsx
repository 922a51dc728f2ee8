import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Badge, ColorSwatch, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import { dataThrough } from '../../../lib/data-through.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { bucketLabelInterval, MOST_BUCKET_LABELS, niceUsdAxis, stackRangeOf } from './spend-axis.ts';
import { formatDayWithYear, formatUsd, formatUsdAxis } from './spend-format.ts';
import { chartRowsOf, chartSeriesOf } from './spend-series.ts';

/** Spend per day or month, stacked by service or tag value; the legend hides and shows series. */
export function SpendChart({ data }: { data: BillingData }) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const series = chartSeriesOf(data);
  const rows = chartRowsOf(data, series);
  const visible = series.filter((item) => !hidden.has(item.key));
  const visibleKeys = visible.map((item) => item.key);
  const axis = niceUsdAxis(stackRangeOf(rows, visibleKeys));
  const phone = usePhoneWidth();
  const labelInterval = bucketLabelInterval(rows.length, MOST_BUCKET_LABELS[phone ? 'phone' : 'desktop']);
  const toggle = (key: string) =>
    setHidden((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const groupLabel = data.group_by === 'tag' ? `by ${data.tag_key}` : `by ${data.group_by}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid="spend-chart">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>
          {data.granularity === 'day' ? 'Daily' : 'Monthly'} spend {groupLabel}
        </Text>
        <Badge variant="light" color="gray">
          {data.is_amortized ? 'Amortized cost' : 'Unblended cost'}
        </Badge>
      </Group>
      {data.series.length === 0 ? (
        <Text c="dimmed" ta="center" py={80}>
          {data.end_date < data.visible_from ? (
            <>
              Your plan shows spend from {formatDayWithYear(data.visible_from)}.{' '}
              <Anchor component={Link} to="/subscription">
                See plans
              </Anchor>{' '}
              to keep up to 36 months of history.
            </>
          ) : (
            `No spend recorded in this range${data.fresh_through ? `; ${dataThrough(data.fresh_through, data.today)}` : ''}.`
          )}
        </Text>
      ) : (
        <BarChart
          h={300}
          data={rows}
          dataKey="period"
          type="stacked"
          series={visible.map((item) => ({ name: item.key, color: item.color }))}
          valueFormatter={formatUsd}
          yAxisProps={{
            ticks: axis.ticks,
            domain: [axis.min, axis.max],
            interval: 0,
            allowDecimals: true,
            tickFormatter: (amount: number) => formatUsdAxis(amount, axis.step),
            width: 64,
          }}
          xAxisProps={{ interval: labelInterval }}
          // Room above the top tick, whose label is centred on it; Mantine leaves the top margin at 0.
          barChartProps={{ margin: { top: 10 } }}
          tooltipProps={{ wrapperStyle: { zIndex: 5 } }}
          // Mantine names the grid by the axis its lines run along: "x" draws the horizontal lines.
          gridAxis="x"
          barProps={{ isAnimationActive: false }}
        />
      )}
      <Group gap="xs" mt="sm" data-testid="chart-legend">
        {series.map((item) => (
          <UnstyledButton
            key={item.key}
            onClick={() => toggle(item.key)}
            aria-pressed={!hidden.has(item.key)}
            aria-label={`${hidden.has(item.key) ? 'Show' : 'Hide'} ${item.key}`}
          >
            <Group gap={6} wrap="nowrap" opacity={hidden.has(item.key) ? 0.4 : 1}>
              <ColorSwatch color={`var(--mantine-color-${item.color.replace('.', '-')})`} size={12} />
              <Text size="sm" td={hidden.has(item.key) ? 'line-through' : undefined}>
                {item.key}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </Group>
    </Paper>
  );
}
