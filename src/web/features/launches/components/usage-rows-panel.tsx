import { Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { UsageMeterView } from '../../../../contracts/usage-meter.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { intervalText } from '../../../lib/interval-text.ts';
import { formatEventTime, formatUsdPerDay, formatUsdPerHour } from '../../../lib/launch-format.ts';
import { useUsageMeter } from '../api/get-usage-meter.ts';
import { PriceUnknown } from './launch-ledger-table.tsx';

type UsageRowView = UsageMeterView['rows'][number];

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const CHARGE_LABELS: Record<string, string> = {
  'nat-gateway-data-processed': 'data processed',
  'lambda-requests': 'requests',
  'lambda-gb-seconds': 'duration',
  'lambda-gb-seconds-arm': 'duration (Arm)',
  'logs-ingested': 'logs ingested',
  'dynamodb-read-request-units': 'on-demand reads',
  'dynamodb-write-request-units': 'on-demand writes',
  'bedrock-input-tokens': 'input tokens',
  'bedrock-output-tokens': 'output tokens',
  'ec2-internet-egress-estimate': 'bytes out, as internet egress',
};

const quantity = (value: number | null, unit: string) =>
  value === null ? 'no data' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`;

function columns(timeZone: string): DataColumn<UsageRowView>[] {
  const dollars = (row: UsageRowView, amount: number | null, format: (usd: number) => string) =>
    amount !== null ? (
      <span style={numeric}>{format(amount)}</span>
    ) : row.price_unknown_reason ? (
      <PriceUnknown reason={row.price_unknown_reason} />
    ) : (
      <Text size="sm" c="dimmed">
        no data
      </Text>
    );
  return [
    {
      header: 'Resource',
      cell: (row) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {row.resource_label}
            </Text>
            {row.estimate ? (
              <Tooltip label={row.estimate} multiline w={320}>
                <Badge size="xs" variant="light" color="yellow">
                  estimate
                </Badge>
              </Tooltip>
            ) : null}
            {row.stopped ? (
              <Tooltip label={row.stopped} multiline w={320}>
                <Badge size="xs" variant="light" color="gray">
                  stopped
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {CHARGE_LABELS[row.charge] ?? row.charge} · {row.region}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Last hour',
      align: 'right',
      cell: (row) => <span style={numeric}>{quantity(row.last_hour_quantity, row.unit)}</span>,
    },
    {
      header: 'Today (UTC)',
      align: 'right',
      cell: (row) => <span style={numeric}>{quantity(row.today_quantity, row.unit)}</span>,
    },
    {
      header: '$/h',
      align: 'right',
      cell: (row) =>
        row.stopped ? (
          <Text size="sm" c="dimmed">
            stopped
          </Text>
        ) : (
          dollars(row, row.usd_per_hour, formatUsdPerHour)
        ),
    },
    {
      header: '$/day if it goes on',
      align: 'right',
      cell: (row) => dollars(row, row.usd_per_day, formatUsdPerDay),
    },
    {
      header: 'Last datapoint',
      cell: (row) => (
        <Text size="sm" style={numeric}>
          {row.last_datapoint_at ? formatEventTime(row.last_datapoint_at, timeZone) : 'none'}
        </Text>
      ),
    },
  ];
}

/**
 * Usage the meter reads from CloudWatch every few minutes (docs/decisions/091, 094): shown only once some
 * integration has a metered resource, above the launches.
 */
export function UsageRowsPanel({ timeZone }: { timeZone: string }) {
  const usage = useUsageMeter();
  const rows = usage.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="usage-rows">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Usage, metered live
        </Title>
        <DataTable
          columns={columns(timeZone)}
          rows={rows}
          rowKey={(row) => `${row.integration_id}/${row.region}/${row.charge}/${row.resource_id}`}
          phone="stack"
          empty={null}
        />
        <Text size="xs" c="dimmed">
          Read from CloudWatch every {intervalText(usage.data?.interval_seconds ?? 300)} at list prices; the
          bill may differ (tiers, credits, agreements). "$/day" is the last hour going on for a day.
        </Text>
      </Stack>
    </Paper>
  );
}
