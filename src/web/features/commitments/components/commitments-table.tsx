import { Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { CommitmentRow } from '../../../../contracts/commitments.ts';
import { formatUsd } from '../../../lib/usd-format.ts';
import { CommitmentEndText } from './commitment-end-text.tsx';
import {
  formatInstantDay,
  formatPercent,
  LOW_UTILIZATION_PERCENT,
  SOURCE_EXPLANATIONS,
  SOURCE_LABELS,
  sizeLabel,
  stateLabel,
  termLabel,
} from './commitment-language.ts';

function UtilizationCell({ row }: { row: CommitmentRow }) {
  if (row.utilization_percent === null)
    return (
      <Tooltip
        label={
          row.source === 'aws-api'
            ? 'Not in the bill: no usage to measure'
            : 'No commitment was billed in this window'
        }
      >
        <Text size="sm" c="dimmed">
          —
        </Text>
      </Tooltip>
    );
  const low = row.utilization_percent < LOW_UTILIZATION_PERCENT;
  return (
    <Text size="sm" fw={low ? 600 : undefined} c={low ? 'orange.8' : undefined}>
      {formatPercent(row.utilization_percent)}
    </Text>
  );
}

function SavingsCell({ row }: { row: CommitmentRow }) {
  if (row.net_savings_usd === null)
    return (
      <Tooltip label={row.savings_unknown_reason ?? 'Unknown'} multiline w={280}>
        <Text size="sm" c="dimmed">
          Unknown
        </Text>
      </Tooltip>
    );
  return (
    <Text size="sm" c={row.net_savings_usd < 0 ? 'red.8' : 'teal.8'}>
      {formatUsd(row.net_savings_usd)}
    </Text>
  );
}

/** One row per commitment: what it is, when it ends, how well it is used and what it saves. */
export function CommitmentsTable({ rows }: { rows: readonly CommitmentRow[] }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Commitments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Commitment</Table.Th>
            <Table.Th>Term</Table.Th>
            <Table.Th>Ends</Table.Th>
            <Table.Th ta="right">Utilization</Table.Th>
            <Table.Th ta="right">Unused</Table.Th>
            <Table.Th ta="right">Net savings</Table.Th>
            <Table.Th>Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="commitment-row">
              <Table.Td>
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {row.type}
                    </Text>
                    {stateLabel(row) && (
                      <Badge
                        size="xs"
                        variant="light"
                        color={row.state === 'queued' ? 'blue' : 'gray'}
                        data-testid="commitment-state"
                      >
                        {stateLabel(row)}
                      </Badge>
                    )}
                    {row.returnable_until && (
                      <Tooltip label="AWS takes back a Savings Plan of $100 an hour or less within 7 days of purchase, in the same calendar month.">
                        <Badge size="xs" variant="light" color="grape">
                          Returnable until {formatInstantDay(row.returnable_until)}
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {row.id}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {sizeLabel(row)} · account {row.owner_account_id}
                    {row.region ? ` · ${row.region}` : ''}
                    {row.rates ? ` · ${row.rates}` : ''}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{termLabel(row)}</Text>
              </Table.Td>
              <Table.Td>
                <CommitmentEndText row={row} />
              </Table.Td>
              <Table.Td ta="right">
                <UtilizationCell row={row} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c={row.source === 'aws-api' ? 'dimmed' : undefined}>
                  {row.source === 'aws-api' ? '—' : formatUsd(row.unused_commitment_usd)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <SavingsCell row={row} />
              </Table.Td>
              <Table.Td>
                <Tooltip label={SOURCE_EXPLANATIONS[row.source]} multiline w={280}>
                  <Text
                    size="sm"
                    c={row.source === 'aws-api' ? 'blue.8' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid="commitment-source"
                  >
                    {SOURCE_LABELS[row.source]}
                  </Text>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
