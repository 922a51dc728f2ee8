/** What a webhook or Teams receiver's answer means for the delivery, and when an endpoint is paused (decision 058). */

export type WebhookAnswerVerdict = 'delivered' | 'retry' | 'final';

/**
 * 2xx delivered. No answer (timeout, refused connection, reset), 408, 429 and 5xx are tried again with
 * backoff. Any other answer is final: a 4xx will not change by asking again, and a 3xx is not
 * followed (a redirect could lead to an address the target check refused).
 */
export function webhookAnswerVerdict(status: number | null): WebhookAnswerVerdict {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'final';
}

/** An endpoint whose every attempt failed for this long is paused, and its owners told. */
export const WEBHOOK_PAUSE_AFTER_DAYS = 3;
const DAY_MS = 86_400_000;

export function webhookPauseDue(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= WEBHOOK_PAUSE_AFTER_DAYS * DAY_MS;
}
