import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import { type CostMover, costMovers } from '../../../../domain/cost-movers.ts';
import { uncomparedBecause } from './previous-period.ts';
import { formatPercent, formatRange, formatSignedUsd, formatUsd } from './spend-format.ts';

function MoverList({
  title,
  movers,
  color,
  empty,
}: {
  title: string;
  movers: CostMover[];
  color: string;
  empty: string;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} c="dimmed">
        {title}
      </Text>
      {movers.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {movers.map((mover) => (
        <Group key={mover.key} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate title={mover.key}>
            {mover.key}
          </Text>
          <Group gap={8} wrap="nowrap" style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Text size="sm" c={color} fw={600}>
              {formatSignedUsd(mover.change)}
            </Text>
            <Text
              size="xs"
              c="dimmed"
              w={64}
              ta="right"
              title={`${formatUsd(mover.previous)} → ${formatUsd(mover.current)}`}
            >
              {formatPercent(mover.changePercent)}
            </Text>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/** Which services or tag values moved most against the previous period of the same length. */
export function TopMovers({ data }: { data: BillingData }) {
  const uncompared = uncomparedBecause(data);
  if (uncompared) {
    return (
      <Paper withBorder radius="md" p="md" data-testid="top-movers">
        <Text fw={600} mb={4}>
          Top movers
        </Text>
        <Text size="sm" c="dimmed">
          {uncompared.sentence}
        </Text>
      </Paper>
    );
  }
  const { increases, decreases } = costMovers(data.series, data.previous_period.series);
  return (
    <Paper withBorder radius="md" p="md" data-testid="top-movers">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Top movers</Text>
        <Text size="sm" c="dimmed">
          vs {formatRange(data.previous_period.start_date, data.previous_period.end_date)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={48}>
        <MoverList title="Largest increases" movers={increases} color="red.7" empty="Nothing grew." />
        <MoverList title="Largest decreases" movers={decreases} color="teal.7" empty="Nothing shrank." />
      </SimpleGrid>
    </Paper>
  );
}
