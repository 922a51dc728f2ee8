/**
 * Signing of outbound webhooks (docs/webhooks.md): `Spendguard-Signature: t=<unix seconds>,v1=<hex>`,
 * the hex being HMAC-SHA256 with the endpoint's secret (its UTF-8 bytes, `whsec_` included) over
 * `<t>.<body>`. Right after a rotation the previous secret signs too (a second `v1=`), so a receiver
 * can switch secrets without losing a delivery.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'Spendguard-Signature';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** What the list shows of a secret after it was shown once: its last four characters. */
export function secretHint(secret: string): string {
  return `whsec_…${secret.slice(-4)}`;
}

export function signatureHeaderValue(secrets: string[], timestampSeconds: number, body: string): string {
  const signed = `${timestampSeconds}.${body}`;
  const signatures = secrets.map(
    (secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`,
  );
  return [`t=${timestampSeconds}`, ...signatures].join(',');
}
