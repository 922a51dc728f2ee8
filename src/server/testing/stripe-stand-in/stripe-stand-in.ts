import http from 'node:http';
import Stripe from 'stripe';
import { parseStripeForm } from './form-body.ts';
import { type Reply, routeRequest, type StandInBackend } from './stand-in-routes.ts';
import { eventOf, invoiceFor, type StripeJson, subscriptionFor } from './stripe-objects.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, unknown>;
  idempotencyKey?: string;
}

export type WebhookDelivery = (payload: string, signature: string) => Promise<void>;

/**
 * A local HTTP server standing in for Stripe's API (customers, balance transactions, Checkout,
 * portal, subscriptions, invoices) and its hosted pages; the app's real SDK talks to it through
 * STRIPE_API_HOST/PORT/PROTOCOL. Paying on its Checkout page sends signed webhooks to `deliver`.
 */
export async function startStripeStandIn(options: { webhookSecret: string; deliver?: WebhookDelivery }) {
  const signer = new Stripe('sk_test_stand_in');
  const store = new Map<string, StripeJson>();
  const idempotent = new Map<string, Reply>();
  const requests: RecordedRequest[] = [];
  let deliver = options.deliver;
  let invoiceCount = 0;
  let baseUrl = '';

  const put = (value: StripeJson) => {
    store.set(value.id, value);
    return value;
  };
  const list = (prefix: string, customer: string | null) =>
    [...store.values()]
      .filter((value) => value.id.startsWith(prefix) && value.customer === customer)
      .reverse();

  async function send(type: string, dataObject: StripeJson, created?: number): Promise<StripeJson> {
    const event = eventOf(type, structuredClone(dataObject), created);
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    if (deliver) await deliver(payload, signature);
    return event;
  }

  async function completeCheckout(sessionId: string): Promise<StripeJson> {
    const session = store.get(sessionId);
    const customer = store.get(String(session?.customer));
    if (!session || !customer) throw new Error(`no open Checkout session ${sessionId}`);
    const subscription = put(subscriptionFor(session));
    Object.assign(session, { status: 'complete', subscription: subscription.id });
    const invoice = put(
      invoiceFor(subscription, customer, { number: `SG-${++invoiceCount}`, paid: true, baseUrl }),
    );
    await send('checkout.session.completed', session);
    await send('customer.subscription.created', subscription);
    await send('invoice.paid', invoice);
    return subscription;
  }

  /** The next period's invoice: paid, or failed (the subscription goes past due). */
  async function renew(subscriptionId: string, outcome: 'paid' | 'failed'): Promise<StripeJson> {
    const subscription = store.get(subscriptionId);
    const customer = store.get(String(subscription?.customer));
    if (!subscription || !customer) throw new Error(`no subscription ${subscriptionId}`);
    const invoice = put(
      invoiceFor(subscription, customer, {
        number: `SG-${++invoiceCount}`,
        paid: outcome === 'paid',
        baseUrl,
      }),
    );
    const status = outcome === 'paid' ? 'active' : 'past_due';
    const statusChanges = subscription.status !== status;
    subscription.status = status;
    await send(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    if (statusChanges) await send('customer.subscription.updated', subscription);
    return invoice;
  }

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', baseUrl);
      const form = parseStripeForm(body);
      const key = request.headers['idempotency-key'];
      const idempotencyKey =
        typeof key === 'string' && !key.startsWith('stripe-node-retry') ? key : undefined;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, form, idempotencyKey });
      try {
        const known = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
        const reply =
          known ??
          (await routeRequest(backend, request.method ?? 'GET', url.pathname, form, url.searchParams));
        if (idempotencyKey) idempotent.set(idempotencyKey, reply);
        if (reply.redirect) response.writeHead(reply.status, { location: reply.redirect }).end();
        else if (reply.html)
          response.writeHead(reply.status, { 'content-type': 'text/html' }).end(reply.html);
        else
          response
            .writeHead(reply.status, { 'content-type': 'application/json' })
            .end(JSON.stringify(reply.json));
      } catch (error) {
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      }
    });
  });
  const backend: StandInBackend = { store, put, list, send, completeCheckout, baseUrl: () => baseUrl };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    requests,
    store,
    /** The app's environment for talking to this stand-in. */
    env: {
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    setDelivery(next: WebhookDelivery) {
      deliver = next;
    },
    send,
    completeCheckout,
    renew,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
