import { Paper, Skeleton } from '@mantine/core';

/** The chart's place while the data or the charting code loads. */
export function SpendChartSkeleton() {
  return (
    <Paper withBorder radius="md" p="md">
      <Skeleton height={14} width={200} mb="md" />
      <Skeleton height={300} />
    </Paper>
  );
}
