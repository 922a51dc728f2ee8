import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { CommitmentsView } from '../../../../contracts/commitments.ts';
import { formatUsd } from '../../../lib/usd-format.ts';

/** Used and unused commitment per day or month, stacked: the unused part is what the commitments waste. */
export function UtilizationChart({ view }: { view: CommitmentsView }) {
  const points = view.utilization;
  if (points.every((point) => point.total_commitment_usd === 0)) {
    return (
      <Text size="sm" c="dimmed">
        No commitment was billed in this window.
      </Text>
    );
  }
  const data = points.map((point) => ({
    bucket: point.bucket,
    Used: Number(point.used_commitment_usd.toFixed(2)),
    Unused: Number(point.unused_commitment_usd.toFixed(2)),
  }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="bucket"
      type="stacked"
      series={[
        { name: 'Used', color: 'teal.6' },
        { name: 'Unused', color: 'orange.5' },
      ]}
      withLegend
      valueFormatter={(value) => formatUsd(value)}
      xAxisProps={{ minTickGap: 24 }}
      aria-label="Used and unused commitment over time"
    />
  );
}
