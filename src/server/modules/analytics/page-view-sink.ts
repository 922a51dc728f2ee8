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
      return { record: (view) => postToWebhook(webhookUrl, view) };
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
    case 'webhook':
      if (!webhookUrl) throw new Error('ANALYTICS_SINK=webhook needs ANALYTICS_WEBHOOK_URL');
      return { record: (event) => postToWebhook(webhookUrl, { event }) };
    case 'off':
      return { record: async () => {} };
  }
}

async function postToWebhook(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`analytics webhook answered ${response.status}`);
}
