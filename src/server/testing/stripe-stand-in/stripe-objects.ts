import { randomBytes } from 'node:crypto';
import { type FormObject, list, object, text } from './form-body.ts';

/** Stripe objects as plain JSON, with the fields Spendguard reads (API version 2026-10-28). */
export type StripeJson = Record<string, unknown> & { id: string };

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;
export const unixNow = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

export function customerFrom(form: FormObject): StripeJson {
  return {
    id: newId('cus'),
    object: 'customer',
    email: text(form.email) ?? null,
    name: text(form.name) ?? null,
    metadata: object(form.metadata),
    balance: 0,
    created: unixNow(),
  };
}

export function checkoutSessionFrom(form: FormObject, baseUrl: string): StripeJson {
  const id = newId('cs');
  const item = object(list(form.line_items)[0]);
  const priceData = object(item.price_data);
  return {
    id,
    object: 'checkout.session',
    mode: text(form.mode) ?? 'payment',
    status: 'open',
    customer: text(form.customer) ?? null,
    client_reference_id: text(form.client_reference_id) ?? null,
    metadata: object(form.metadata),
    subscription: null,
    success_url: text(form.success_url) ?? null,
    cancel_url: text(form.cancel_url) ?? null,
    url: `${baseUrl}/checkout/${id}`,
    created: unixNow(),
    // What the stand-in needs to build the subscription when the page is paid:
    stand_in: {
      price: text(item.price) ?? null,
      unit_amount: Number(text(priceData.unit_amount) ?? 4900),
      interval: text(object(priceData.recurring).interval) ?? 'month',
      subscription_metadata: object(object(form.subscription_data).metadata),
      trial_end: Number(text(object(form.subscription_data).trial_end) ?? 0) || null,
    },
  };
}

export function subscriptionFor(session: StripeJson): StripeJson {
  const plan = session.stand_in as {
    price: string | null;
    unit_amount: number;
    interval: string;
    subscription_metadata: FormObject;
    trial_end: number | null;
  };
  const start = unixNow();
  // With a trial, the first period is the trial itself, invoiced at $0; the price is charged from its end.
  const end = plan.trial_end ?? start + (plan.interval === 'year' ? 365 : 30) * DAY;
  return {
    id: newId('sub'),
    object: 'subscription',
    customer: session.customer,
    status: plan.trial_end ? 'trialing' : 'active',
    trial_start: plan.trial_end ? start : null,
    trial_end: plan.trial_end,
    metadata: plan.subscription_metadata,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: start,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: end,
          price: {
            id: plan.price ?? newId('price'),
            object: 'price',
            unit_amount: plan.unit_amount,
            currency: 'usd',
            recurring: { interval: plan.interval },
          },
        },
      ],
    },
  };
}

/** The invoice of a subscription period; the customer's credit balance pays what it can. */
export function invoiceFor(
  subscription: StripeJson,
  customer: StripeJson,
  options: { number: string; paid: boolean; baseUrl: string },
): StripeJson {
  const item = (subscription.items as { data: Array<Record<string, unknown>> }).data[0] ?? {};
  // A trial's period is invoiced at $0.
  const total = subscription.status === 'trialing' ? 0 : (item.price as { unit_amount: number }).unit_amount;
  const startingBalance = Number(customer.balance);
  const credit = Math.min(Math.max(0, -startingBalance), total);
  const endingBalance = options.paid ? startingBalance + credit : startingBalance;
  customer.balance = endingBalance;
  const id = newId('in');
  return {
    id,
    object: 'invoice',
    number: options.number,
    customer: customer.id,
    status: options.paid ? 'paid' : 'open',
    created: unixNow(),
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    total,
    amount_due: total - credit,
    amount_paid: options.paid ? total - credit : 0,
    starting_balance: startingBalance,
    ending_balance: endingBalance,
    hosted_invoice_url: `${options.baseUrl}/invoices/${id}`,
    invoice_pdf: null,
    lines: {
      object: 'list',
      data: [{ period: { start: item.current_period_start, end: item.current_period_end } }],
    },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
  };
}

export function eventOf(type: string, dataObject: StripeJson, created = unixNow()): StripeJson {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    type,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: dataObject },
  };
}
