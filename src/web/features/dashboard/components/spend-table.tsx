import { Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import { percentChange } from '../../../../domain/cost-movers.ts';
import { SortableHeader } from '../../../components/sortable-header.tsx';
import { downloadCsv } from '../../../lib/csv.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { isCompared } from './previous-period.ts';
import { spendToCsv } from './spend-csv.ts';
import { formatPercent, formatSignedUsd, formatUsd } from './spend-format.ts';

const GROUP_LABELS = { service: 'Service', provider: 'Provider' } as const;

type SortField = 'key' | 'total' | 'previous' | 'change' | 'share';

interface SpendRow {
  key: string;
  total: number;
  previous: number;
  change: number;
  share: number;
}

function rowsOf(data: BillingData): SpendRow[] {
  const previous = new Map(data.previous_period.series.map((series) => [series.key, series.total]));
  return data.series.map((series) => {
    const before = previous.get(series.key) ?? 0;
    return {
      key: series.key,
      total: series.total,
      previous: before,
      change: series.total - before,
      share: data.total === 0 ? 0 : (series.total / data.total) * 100,
    };
  });
}

function SortHeader({
  field,
  label,
  sort,
  onSort,
  numeric,
}: {
  field: SortField;
  label: string;
  sort: { field: SortField; descending: boolean };
  onSort: (field: SortField) => void;
  numeric?: boolean;
}) {
  return (
    <SortableHeader
      align={numeric ? 'right' : undefined}
      sorted={sort.field === field ? (sort.descending ? 'descending' : 'ascending') : null}
      onSort={() => onSort(field)}
    >
      {label}
    </SortableHeader>
  );
}

/** Every series of the range, sortable, with the previous period beside it; downloadable as CSV. */
export function SpendTable({ data }: { data: BillingData }) {
  const compared = isCompared(data);
  // On a phone the breakdown keeps what fits beside the names: spend and change (the CSV has every column).
  const phone = usePhoneWidth();
  const [sort, setSort] = useState<{ field: SortField; descending: boolean }>({
    field: 'total',
    descending: true,
  });
  // Columns shown as "—" are not sorted on: the order would follow numbers nobody can see.
  const field = !compared && (sort.field === 'previous' || sort.field === 'change') ? 'total' : sort.field;
  const rows = rowsOf(data).sort((a, b) => {
    const order = field === 'key' ? a.key.localeCompare(b.key) : a[field] - b[field];
    return sort.descending ? -order : order;
  });
  const shown = { ...sort, field };
  const onSort = (field: SortField) =>
    setSort((previous) => ({
      field,
      descending: previous.field === field ? !previous.descending : field !== 'key',
    }));
  const comparisonHeader = (field: 'previous' | 'change', label: string) =>
    compared ? (
      <SortHeader field={field} label={label} sort={shown} onSort={onSort} numeric />
    ) : (
      <Table.Th ta="right">{label}</Table.Th>
    );
  const groupLabel = data.group_by === 'tag' ? `Tag: ${data.tag_key}` : GROUP_LABELS[data.group_by];
  const num = { ta: 'right' as const, style: { fontVariantNumeric: 'tabular-nums' } };
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Breakdown</Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() => downloadCsv(`spend-${data.start_date}-to-${data.end_date}.csv`, spendToCsv(data))}
          disabled={rows.length === 0}
        >
          Download CSV
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={phone ? 0 : 640}>
        <Table striped highlightOnHover verticalSpacing={6} data-testid="spend-table">
          <Table.Thead>
            <Table.Tr>
              <SortHeader field="key" label={groupLabel} sort={shown} onSort={onSort} />
              <SortHeader field="total" label="Spend" sort={shown} onSort={onSort} numeric />
              {!phone && comparisonHeader('previous', 'Previous period')}
              {comparisonHeader('change', 'Change')}
              {!phone && <SortHeader field="share" label="Share" sort={shown} onSort={onSort} numeric />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.key}</Table.Td>
                <Table.Td {...num}>{formatUsd(row.total)}</Table.Td>
                {!phone && <Table.Td {...num}>{compared ? formatUsd(row.previous) : '—'}</Table.Td>}
                {compared ? (
                  <Table.Td
                    {...num}
                    c={row.change > 0.005 ? 'red.7' : row.change < -0.005 ? 'teal.7' : undefined}
                  >
                    {formatSignedUsd(row.change)}{' '}
                    <Text span size="xs" c="dimmed">
                      ({formatPercent(percentChange(row.total, row.previous))})
                    </Text>
                  </Table.Td>
                ) : (
                  <Table.Td {...num}>—</Table.Td>
                )}
                {!phone && <Table.Td {...num}>{row.share.toFixed(1)}%</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th {...num} data-testid="table-total">
                {formatUsd(data.total)}
              </Table.Th>
              {!phone && (
                <Table.Th {...num}>{compared ? formatUsd(data.previous_period.total) : '—'}</Table.Th>
              )}
              <Table.Th {...num}>
                {compared ? formatSignedUsd(data.total - data.previous_period.total) : '—'}
              </Table.Th>
              {!phone && <Table.Th {...num}>{data.total === 0 ? '—' : '100%'}</Table.Th>}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
