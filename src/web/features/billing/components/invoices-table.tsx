import { Alert, Anchor, Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { InvoiceSummary } from '../../../../contracts/billing.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { formatDay, formatUsd } from '../subscription-wording.ts';

const STATUS_COLORS: Record<string, string> = {
  paid: 'teal',
  open: 'orange',
  void: 'gray',
  uncollectible: 'red',
};

/** Invoices from Stripe: date, number, period, total, credit applied, paid, status, links. */
export function InvoicesTable({ enabled }: { enabled: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-label="Invoices">
      <Stack gap="md">
        <Title order={2} size="h4">
          Invoices
        </Title>
        {enabled ? (
          <InvoiceRows />
        ) : (
          <Text c="dimmed">No invoices yet: they appear here once you pay by card.</Text>
        )}
      </Stack>
    </Paper>
  );
}

function InvoiceRows() {
  const query = useInvoices();
  if (query.isPending) return <Skeleton h={96} />;
  if (query.isError) {
    return (
      <Alert color="red" title="The invoices could not be loaded">
        {rejectionMessage(query.error)}
      </Alert>
    );
  }
  if (query.data.invoices.length === 0) return <Text c="dimmed">No invoices yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Period</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Credit applied</Table.Th>
            <Table.Th ta="right">Paid</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  const period =
    invoice.periodStart && invoice.periodEnd
      ? `${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`
      : '—';
  return (
    <Table.Tr>
      <Table.Td>{formatDay(invoice.createdAt)}</Table.Td>
      <Table.Td>{invoice.number ?? '—'}</Table.Td>
      <Table.Td>{period}</Table.Td>
      <Table.Td ta="right">{formatUsd(invoice.totalUsd)}</Table.Td>
      <Table.Td ta="right">
        {invoice.creditAppliedUsd > 0 ? `−${formatUsd(invoice.creditAppliedUsd)}` : '—'}
      </Table.Td>
      <Table.Td ta="right">{formatUsd(invoice.amountPaidUsd)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLORS[invoice.status] ?? 'gray'}>
          {invoice.status}
        </Badge>
      </Table.Td>
      <Table.Td>
        {invoice.hostedUrl && (
          <Anchor href={invoice.hostedUrl} target="_blank" rel="noreferrer" size="sm">
            View
          </Anchor>
        )}
        {invoice.pdfUrl && (
          <Anchor href={invoice.pdfUrl} target="_blank" rel="noreferrer" size="sm" ml="sm">
            PDF
          </Anchor>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
