import { Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
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
      header: 'Owner',
      cell: (row) =>
        row.owner.name ? (
          <Stack gap={0}>
            <Text size="sm">{row.owner.name}</Text>
            <Text size="xs" c="dimmed">
              tag {row.owner.tag}
            </Text>
          </Stack>
        ) : row.owner.note?.startsWith('not known') ? (
          <Tooltip label={row.owner.note} multiline w={320}>
            <Text size="sm" c="dimmed" style={{ textDecoration: 'underline dotted' }}>
              not known
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            {row.owner.note ?? 'no owner tag'}
          </Text>
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

/** How many rows the card shows before "show all": the costliest, by $ an hour (docs/decisions/112). */
export const USAGE_ROWS_SHOWN = 10;

/**
 * Usage the meter reads from CloudWatch every few minutes (docs/decisions/091, 094): shown only once some
 * integration has a metered resource, above the launches; the top rows by $ an hour, all on demand.
 */
export function UsageRowsPanel({ timeZone }: { timeZone: string }) {
  const usage = useUsageMeter();
  const [showAll, setShowAll] = useState(false);
  // The API answers the costliest first by $ an hour (rows without one last).
  const rows = usage.data?.rows ?? [];
  if (rows.length === 0) return null;
  const hidden = rows.length - USAGE_ROWS_SHOWN;
  const shown = showAll || hidden <= 0 ? rows : rows.slice(0, USAGE_ROWS_SHOWN);
  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="usage-rows">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            Usage, metered live
          </Title>
          {hidden > 0 && (
            <Text size="sm" c="dimmed" data-testid="usage-rows-count">
              {showAll
                ? `All ${rows.length} metered resources`
                : `The ${USAGE_ROWS_SHOWN} costliest of ${rows.length} by $ an hour`}
            </Text>
          )}
        </Group>
        <DataTable
          columns={columns(timeZone)}
          rows={shown}
          rowKey={(row) => `${row.integration_id}/${row.region}/${row.charge}/${row.resource_id}`}
          phone="stack"
          empty={null}
        />
        {hidden > 0 && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => setShowAll((all) => !all)}>
              {showAll ? `Show the top ${USAGE_ROWS_SHOWN}` : `Show all ${rows.length} (${hidden} more)`}
            </Button>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          Read from CloudWatch every {intervalText(usage.data?.interval_seconds ?? 300)} at list prices; the
          bill may differ (tiers, credits, agreements). "$/day" is the last hour going on for a day.
        </Text>
      </Stack>
    </Paper>
  );
}
