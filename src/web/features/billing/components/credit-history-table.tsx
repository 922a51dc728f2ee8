import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { CreditsOverview } from '../../../../contracts/credits.ts';
import { formatDay, formatUsd } from '../subscription-wording.ts';

const KIND = {
  granted: { label: 'Granted', color: 'teal', sign: '+' },
  used: { label: 'Used', color: 'blue', sign: '−' },
  expired: { label: 'Expired', color: 'gray', sign: '−' },
} as const;

export function CreditHistoryTable({ overview }: { overview: CreditsOverview }) {
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-label="Credit history">
      <Stack gap="md">
        <Title order={2} size="h4">
          History
        </Title>
        {overview.history.length === 0 ? (
          <Text c="dimmed">No credits yet. Redeem a code to add credit to your organization.</Text>
        ) : (
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Activity</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {overview.history.map((entry) => (
                <Table.Tr key={`${entry.kind}-${entry.at}-${entry.description}`}>
                  <Table.Td>{formatDay(entry.at)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={KIND[entry.kind].color}>
                      {KIND[entry.kind].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                  <Table.Td ta="right">
                    {KIND[entry.kind].sign}
                    {formatUsd(entry.amountUsd)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {overview.grants.some((grant) => grant.expiresAt && grant.state === 'available') && (
          <Text size="sm" c="dimmed">
            Credit that lapses first is used first.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
