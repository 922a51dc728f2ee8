/**
 * Slack's request signing (decision 132): `X-Slack-Signature: v0=<hex>`, the hex being HMAC-SHA256 with
 * the app's signing secret over `v0:<X-Slack-Request-Timestamp>:<raw body>`. A timestamp more than five
 * minutes from the server's clock is refused, so a captured request cannot be replayed later.
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from '../../secret-compare.ts';

export const SLACK_SIGNATURE_WINDOW_SECONDS = 5 * 60;

export function slackSignatureOf(signingSecret: string, timestampSeconds: string, rawBody: string): string {
  const mac = createHmac('sha256', signingSecret).update(`v0:${timestampSeconds}:${rawBody}`).digest('hex');
  return `v0=${mac}`;
}

/** Why a request is not Slack's, or null when its signature and timestamp hold. */
export function slackSignatureRefusal(input: {
  signingSecret: string;
  signature?: string;
  timestamp?: string;
  rawBody: string;
  nowMs: number;
}): string | null {
  const { signature, timestamp } = input;
  if (!signature || !timestamp) return 'X-Slack-Signature and X-Slack-Request-Timestamp are both required.';
  if (!/^\d{1,12}$/.test(timestamp)) return 'X-Slack-Request-Timestamp: must be Unix seconds.';
  if (Math.abs(input.nowMs / 1000 - Number(timestamp)) > SLACK_SIGNATURE_WINDOW_SECONDS)
    return 'X-Slack-Request-Timestamp: more than 5 minutes from the server clock; the request is refused.';
  if (!sameSecret(signature, slackSignatureOf(input.signingSecret, timestamp, input.rawBody)))
    return 'X-Slack-Signature: does not match the body signed with the Slack app signing secret.';
  return null;
}
