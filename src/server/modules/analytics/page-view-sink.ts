import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import {
  type AnalyticsEvent,
  insertAnalyticsEvent,
  insertPageView,
  type PageView,
} from './analytics.repository.ts';

/** Where page views go. A site picks one with ANALYTICS_SINK; the database is the default. */
export interface PageViewSink {
  record(view: PageView): Promise<void>;
}

export function createPageViewSink(context: AppContext): PageViewSink {
  const { sink, webhookUrl } = context.config.analytics;
  switch (sink) {
    case 'database':
      return { record: (view) => insertPageView(context.database.db, view) };
    case 'log':
      return { record: async (view) => context.log.info({ pageView: view }, 'page view') };
    case 'webhook':
      if (!webhookUrl) throw new Error('ANALYTICS_SINK=webhook needs ANALYTICS_WEBHOOK_URL');
      return { record: backgroundPoster(webhookUrl, context.log) };
    case 'off':
      return { record: async () => {} };
  }
}

/** Product events go where page views go (ANALYTICS_SINK). */
export interface AnalyticsEventSink {
  record(event: AnalyticsEvent): Promise<void>;
}

export function createAnalyticsEventSink(context: AppContext): AnalyticsEventSink {
  const { sink, webhookUrl } = context.config.analytics;
  switch (sink) {
    case 'database':
      return { record: (event) => insertAnalyticsEvent(context.database.db, event) };
    case 'log':
      return { record: async (event) => context.log.info({ analyticsEvent: event }, 'analytics event') };
    case 'webhook': {
      if (!webhookUrl) throw new Error('ANALYTICS_SINK=webhook needs ANALYTICS_WEBHOOK_URL');
      const post = backgroundPoster(webhookUrl, context.log);
      return { record: (event) => post({ event }) };
    }
    case 'off':
      return { record: async () => {} };
  }
}

/** At most this many records are on their way to the collector at once; more are dropped. */
export const WEBHOOK_RECORDS_IN_FLIGHT = 16;

/**
 * A record is posted to the operator's collector in the background: a visitor's request neither waits for
 * it nor fails with it (a collector that refuses, stalls or is down would otherwise answer the visitor 500
 * and hold a request slot for the whole timeout). Failures and drops are logged by status only: the URL may
 * carry the collector's key.
 */
function backgroundPoster(url: string, log: FastifyBaseLogger): (body: unknown) => Promise<void> {
  let inFlight = 0;
  return async (body) => {
    if (inFlight >= WEBHOOK_RECORDS_IN_FLIGHT) {
      log.warn('analytics webhook: a record was dropped, too many still on their way');
      return;
    }
    inFlight += 1;
    postToWebhook(url, body)
      .catch((error: Error) =>
        log.warn({ reason: error.message }, 'analytics webhook: a record was not taken'),
      )
      .finally(() => {
        inFlight -= 1;
      });
  };
}

async function postToWebhook(url: string, body: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
  } catch (error) {
    throw new Error(`unreachable (${(error as Error).name})`);
  }
  await response.body?.cancel();
  if (!response.ok) throw new Error(`answered ${response.status}`);
}
