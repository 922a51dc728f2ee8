import type { StripeJson } from './stripe-objects.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:64px auto;color:#1a1f36}
label{display:block;margin:16px 0 4px;font-size:14px}input{width:100%;padding:10px;font-size:16px;box-sizing:border-box}
button{margin-top:24px;width:100%;padding:12px;font-size:16px;background:#635bff;color:#fff;border:0;border-radius:6px}
.note{color:#697386;font-size:13px}</style></head><body>${body}</body></html>`;
}

/** The hosted Checkout page of the stand-in: paying completes the session and sends its webhooks. */
export function checkoutPage(session: StripeJson): string {
  const plan = session.stand_in as { unit_amount: number; interval: string; trial_end: number | null };
  const charged = `$${(plan.unit_amount / 100).toFixed(2)} per ${plan.interval}`;
  const firstCharge = plan.trial_end ? new Date(plan.trial_end * 1000).toISOString().slice(0, 10) : null;
  const price = firstCharge ? `Free until ${firstCharge}, then ${charged}` : charged;
  return page(
    'Checkout (Stripe stand-in)',
    `<h1>Subscribe to Spendguard Business</h1><p>${escapeHtml(price)}</p>
<p class="note">Test mode stand-in for Stripe Checkout: no card is charged.</p>
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay">
<label for="card">Card number</label><input id="card" name="card" value="4242 4242 4242 4242" autocomplete="off">
<label for="expiry">Expiry</label><input id="expiry" name="expiry" value="12 / 34">
<button type="submit">Subscribe</button></form>
<p><a href="${escapeHtml(String(session.cancel_url ?? '/'))}">Back</a></p>`,
  );
}

export function portalPage(returnUrl: string): string {
  return page(
    'Billing portal (Stripe stand-in)',
    `<h1>Billing portal</h1><p class="note">Test mode stand-in for the Stripe customer portal.</p>
<p><a href="${escapeHtml(returnUrl)}">Return to Spendguard</a></p>`,
  );
}
