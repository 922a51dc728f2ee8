import type Stripe from 'stripe';
import type { InvoiceSummary } from '../../../contracts/billing.ts';

const instant = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString() : null;
const usd = (cents: number | null | undefined) => (cents ?? 0) / 100;

/** A Stripe invoice as the invoices table shows it; credit is the customer balance it consumed. */
export function toInvoiceSummary(invoice: Stripe.Invoice): InvoiceSummary {
  const starting = invoice.starting_balance ?? 0;
  const ending = invoice.ending_balance ?? starting;
  return {
    id: invoice.id,
    number: invoice.number ?? null,
    createdAt: instant(invoice.created) ?? new Date(0).toISOString(),
    periodStart: instant(invoice.period_start),
    periodEnd: instant(invoice.period_end),
    totalUsd: usd(invoice.total),
    amountPaidUsd: usd(invoice.amount_paid),
    creditAppliedUsd: usd(Math.max(0, ending - starting)),
    status: invoice.status ?? 'draft',
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
  };
}
