import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export async function insertBooking(
  db: Kysely<DatabaseSchema>,
  booking: { userId: string; eventUrl: string },
) {
  await db
    .insertInto('consultation_bookings')
    .values({ user_id: booking.userId, event_url: booking.eventUrl })
    .execute();
}

export async function findLatestBooking(db: Kysely<DatabaseSchema>, userId: string) {
  return db
    .selectFrom('consultation_bookings')
    .select(['event_url as url', 'booked_at as bookedAt'])
    .where('user_id', '=', userId)
    .orderBy('booked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
