import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { CommitmentBilledElsewhere } from '../../../../contracts/commitments.ts';
import { downloadCsv } from '../../../lib/csv.ts';
import { formatUsd } from '../../../lib/usd-format.ts';
import { commitmentsBilledElsewhereToCsv } from '../commitments-csv.ts';
import { CommitmentEndText } from './commitment-end-text.tsx';
import { formatPercent } from './commitment-language.ts';

/**
 * In a scope of some accounts: the Savings Plans and reservations billed to other accounts that paid for
 * this scope's usage (decision 139), with its part of what they did. Their utilization is the owner's.
 */
export function BilledElsewhereTable({
  rows,
  csvName,
}: {
  rows: readonly CommitmentBilledElsewhere[];
  /** The name the table downloads under as a CSV. */
  csvName: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" mt="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text fw={600}>Paying for your usage, billed to other accounts</Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          aria-label="Download the commitments billed to other accounts as CSV"
          onClick={() => downloadCsv(csvName, commitmentsBilledElsewhereToCsv(rows))}
        >
          Download CSV
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Your part of each: the usage it covered in your accounts or under your team's tags, what that usage
        cost under it, and the saving. Its utilization and unused dollars belong to the account it is billed
        to.
      </Text>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" aria-label="Commitments billed to other accounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Commitment</Table.Th>
              <Table.Th>Ends</Table.Th>
              <Table.Th ta="right">Your share</Table.Th>
              <Table.Th ta="right">Covered at On-Demand</Table.Th>
              <Table.Th ta="right">Cost under it</Table.Th>
              <Table.Th ta="right">Net savings</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="billed-elsewhere-row">
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {row.type}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {row.id}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Billed to account {row.owner_account_id}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <CommitmentEndText row={row} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatPercent(row.share_percent)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">
                    {row.covered_on_demand_usd === null ? 'Unknown' : formatUsd(row.covered_on_demand_usd)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatUsd(row.cost_usd)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  {row.net_savings_usd === null ? (
                    <Text size="sm" c="dimmed">
                      Unknown
                    </Text>
                  ) : (
                    <Text size="sm" c={row.net_savings_usd < 0 ? 'red.8' : 'teal.8'}>
                      {formatUsd(row.net_savings_usd)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
