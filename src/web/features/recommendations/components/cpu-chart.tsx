import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { Ec2FindingDetailView } from '../../../../contracts/recommendations.ts';

const hourLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** 14 days of hourly CPU (highest and average of each hour) against the target the rule sizes for. */
export function CpuChart({ detail }: { detail: Ec2FindingDetailView }) {
  if (detail.series.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        CloudWatch has no CPU data for this instance in the last 14 days.
      </Text>
    );
  }
  const data = detail.series.map((point) => ({
    hour: `${hourLabel.format(new Date(point.hour))} UTC`,
    'CPU max': point.cpu_max,
    'CPU average': point.cpu_average,
  }));
  const referenceLines = [
    { y: detail.target_cpu_percent, label: `Target ${detail.target_cpu_percent}%`, color: 'red.6' },
    ...(detail.cpu_percentile === null
      ? []
      : [
          {
            y: detail.cpu_percentile,
            label: `p${detail.percentile} ${Number(detail.cpu_percentile.toFixed(1))}%`,
            color: 'blue.7',
            strokeDasharray: '4 4',
          },
        ]),
  ];
  return (
    <LineChart
      h={260}
      data={data}
      dataKey="hour"
      series={[
        { name: 'CPU max', color: 'blue.6' },
        { name: 'CPU average', color: 'teal.5' },
      ]}
      referenceLines={referenceLines}
      withDots={false}
      withLegend
      curveType="linear"
      strokeWidth={1.5}
      unit="%"
      yAxisProps={{ domain: [0, 100] }}
      xAxisProps={{ interval: 47, tickFormatter: (value: string) => value.split(',')[0] ?? value }}
      valueFormatter={(value) => `${Number(value.toFixed(1))}`}
      connectNulls={false}
      aria-label={`Hourly CPU of ${detail.name ?? detail.instance_id} over 14 days`}
    />
  );
}
