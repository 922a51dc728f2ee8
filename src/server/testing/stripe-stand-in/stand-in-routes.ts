import { type FormObject, object, text } from './form-body.ts';
import { checkoutPage, portalPage } from './pages.ts';
import { checkoutSessionFrom, customerFrom, newId, type StripeJson, unixNow } from './stripe-objects.ts';

export type Reply = { status: number; json?: unknown; html?: string; redirect?: string };

/** What the routes need from the running stand-in. */
export interface StandInBackend {
  store: Map<string, StripeJson>;
  put(value: StripeJson): StripeJson;
  list(prefix: string, customer: string | null): StripeJson[];
  send(type: string, dataObject: StripeJson): Promise<StripeJson>;
  completeCheckout(sessionId: string): Promise<StripeJson>;
  baseUrl(): string;
}

const missing = (what: string): Reply => ({
  status: 404,
  json: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
});
const unrecognized = (method: string, path: string): Reply => ({
  status: 404,
  json: {
    error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
  },
});

function customerRoute(
  backend: StandInBackend,
  method: string,
  customerId: string,
  action: string | undefined,
  form: FormObject,
): Reply {
  const customer = backend.store.get(customerId);
  if (!customer) return missing('customer');
  if (method === 'GET' && !action) return { status: 200, json: customer };
  if (method !== 'POST' || action !== 'balance_transactions') return unrecognized(method, action ?? '');
  const amount = Number(text(form.amount));
  customer.balance = Number(customer.balance) + amount;
  return {
    status: 200,
    json: backend.put({
      id: newId('cbtxn'),
      object: 'customer_balance_transaction',
      amount,
      currency: 'usd',
      customer: customer.id,
      description: text(form.description) ?? null,
      ending_balance: customer.balance,
      created: unixNow(),
    }),
  };
}

function portalSession(backend: StandInBackend, form: FormObject): StripeJson {
  const id = newId('bps');
  return {
    id,
    object: 'billing_portal.session',
    customer: text(form.customer) ?? null,
    return_url: text(form.return_url) ?? null,
    url: `${backend.baseUrl()}/portal/${id}`,
  };
}

/** The hosted pages a browser visits: Checkout (paying completes it) and the customer portal. */
function pageRoute(backend: StandInBackend, method: string, path: string): Reply | Promise<Reply> {
  const [, page, id, action] = path.split('/');
  const found = id ? backend.store.get(id) : undefined;
  if (!found) return missing('page');
  if (method === 'GET' && page === 'checkout') return { status: 200, html: checkoutPage(found) };
  if (method === 'POST' && page === 'checkout' && action === 'pay') {
    return backend
      .completeCheckout(found.id)
      .then(() => ({ status: 303, redirect: String(found.success_url) }));
  }
  if (method === 'GET' && page === 'portal')
    return { status: 200, html: portalPage(String(found.return_url ?? '/')) };
  return unrecognized(method, path);
}

/** Stripe's API paths the app calls, and the hosted pages. */
export function routeRequest(
  backend: StandInBackend,
  method: string,
  path: string,
  form: FormObject,
  query: URLSearchParams,
): Reply | Promise<Reply> {
  const [, version, resource, id, action] = path.split('/');
  if (version !== 'v1') return pageRoute(backend, method, path);
  const list = (data: StripeJson[]) => ({ object: 'list', url: path, has_more: false, data });
  if (method === 'POST' && path === '/v1/customers')
    return { status: 200, json: backend.put(customerFrom(form)) };
  if (resource === 'customers' && id) return customerRoute(backend, method, id, action, form);
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    return { status: 200, json: backend.put(checkoutSessionFrom(form, backend.baseUrl())) };
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    return { status: 200, json: backend.put(portalSession(backend, form)) };
  }
  if (method === 'GET' && path === '/v1/invoices') {
    return { status: 200, json: list(backend.list('in_', query.get('customer'))) };
  }
  if (resource === 'subscriptions' && id) {
    const subscription = backend.store.get(id);
    return subscription ? changeSubscription(backend, method, subscription, form) : missing('subscription');
  }
  return unrecognized(method, path);
}

async function changeSubscription(
  backend: StandInBackend,
  method: string,
  subscription: StripeJson,
  form: FormObject,
): Promise<Reply> {
  if (method === 'GET') return { status: 200, json: subscription };
  if (method === 'DELETE') {
    Object.assign(subscription, { status: 'canceled', canceled_at: unixNow(), ended_at: unixNow() });
    await backend.send('customer.subscription.deleted', subscription);
    return { status: 200, json: subscription };
  }
  const cancel = text(form.cancel_at_period_end);
  if (cancel !== undefined) {
    Object.assign(subscription, {
      cancel_at_period_end: cancel === 'true',
      canceled_at: cancel === 'true' ? unixNow() : null,
    });
  }
  Object.assign(subscription.metadata as object, object(form.metadata));
  await backend.send('customer.subscription.updated', subscription);
  return { status: 200, json: subscription };
}
