import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { CreditsOverview } from '../../../../contracts/credits.ts';
import { DataTable } from '../../../components/data-table.tsx';
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
        <DataTable
          verticalSpacing="sm"
          phone={{ scroll: 0 }}
          rows={overview.history}
          rowKey={(entry) => `${entry.kind}-${entry.at}-${entry.description}`}
          empty="No credits yet. Redeem a code to add credit to your organization."
          columns={[
            { header: 'Date', cell: (entry) => formatDay(entry.at) },
            {
              header: 'Activity',
              cell: (entry) => (
                <Badge variant="light" color={KIND[entry.kind].color}>
                  {KIND[entry.kind].label}
                </Badge>
              ),
            },
            { header: 'Details', cell: (entry) => entry.description },
            {
              header: 'Amount',
              align: 'right',
              cell: (entry) => `${KIND[entry.kind].sign}${formatUsd(entry.amountUsd)}`,
            },
          ]}
        />
        {overview.grants.some((grant) => grant.expiresAt && grant.state === 'available') && (
          <Text size="sm" c="dimmed">
            Credit that lapses first is used first.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
