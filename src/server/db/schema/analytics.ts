import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

export interface PageViewsTable {
  id: Generated<string>;
  path: string;
  query: string;
  referrer: string | null;
  user_id: string | null;
  occurred_at: Timestamp;
}

export interface AnalyticsEventsTable {
  id: ColumnType<string, never, never>;
  name: string;
  path: string;
  user_id: string | null;
  occurred_at: Timestamp;
}

/** The tables the analytics module owns (db/schema/ownership.ts). Page views and product events. */
export interface AnalyticsTables {
  page_views: PageViewsTable;
  analytics_events: AnalyticsEventsTable;
}
