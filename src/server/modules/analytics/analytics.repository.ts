import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

/** One page view as the web app reported it (path and query on each route change). */
export interface PageView {
  path: string;
  query: string;
  referrer?: string;
  userId?: string;
  occurredAt: Date;
}

export async function insertPageView(db: Kysely<DatabaseSchema>, view: PageView): Promise<void> {
  await db
    .insertInto('page_views')
    .values({
      path: view.path,
      query: view.query,
      referrer: view.referrer ?? null,
      user_id: view.userId ?? null,
      occurred_at: view.occurredAt,
    })
    .execute();
}

export async function countPageViews(db: Kysely<DatabaseSchema>, path: string): Promise<number> {
  const row = await db
    .selectFrom('page_views')
    .select((eb) => eb.fn.countAll<string>().as('views'))
    .where('path', '=', path)
    .executeTakeFirstOrThrow();
  return Number(row.views);
}

/** A product event, such as a step of the scheduling widget. */
export interface AnalyticsEvent {
  name: string;
  path: string;
  userId?: string;
  occurredAt: Date;
}

export async function insertAnalyticsEvent(db: Kysely<DatabaseSchema>, event: AnalyticsEvent): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values({
      name: event.name,
      path: event.path,
      user_id: event.userId ?? null,
      occurred_at: event.occurredAt,
    })
    .execute();
}

export async function countAnalyticsEvents(db: Kysely<DatabaseSchema>, name: string): Promise<number> {
  const row = await db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.countAll<string>().as('events'))
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.events);
}
