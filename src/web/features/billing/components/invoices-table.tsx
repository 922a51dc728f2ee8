import { Alert, Anchor, Badge, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { InvoiceSummary } from '../../../../contracts/billing.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
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
          <Text size="sm" c="dimmed">
            No invoices yet: they appear here once you pay by card.
          </Text>
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
  return (
    <DataTable
      verticalSpacing="sm"
      highlightOnHover
      phone={{ scroll: 720 }}
      rows={query.data.invoices}
      rowKey={(invoice) => invoice.id}
      empty="No invoices yet."
      columns={INVOICE_COLUMNS}
    />
  );
}

const period = (invoice: InvoiceSummary) =>
  invoice.periodStart && invoice.periodEnd
    ? `${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`
    : '—';

const INVOICE_COLUMNS: DataColumn<InvoiceSummary>[] = [
  { header: 'Date', cell: (invoice) => formatDay(invoice.createdAt) },
  { header: 'Number', cell: (invoice) => invoice.number ?? '—' },
  { header: 'Period', cell: period },
  { header: 'Total', align: 'right', cell: (invoice) => formatUsd(invoice.totalUsd) },
  {
    header: 'Credit applied',
    align: 'right',
    cell: (invoice) => (invoice.creditAppliedUsd > 0 ? `−${formatUsd(invoice.creditAppliedUsd)}` : '—'),
  },
  { header: 'Paid', align: 'right', cell: (invoice) => formatUsd(invoice.amountPaidUsd) },
  {
    header: 'Status',
    cell: (invoice) => (
      <Badge variant="light" color={STATUS_COLORS[invoice.status] ?? 'gray'}>
        {invoice.status}
      </Badge>
    ),
  },
  { header: null, label: 'Links', cell: (invoice) => <InvoiceLinks invoice={invoice} /> },
];

function InvoiceLinks({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <>
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
    </>
  );
}
