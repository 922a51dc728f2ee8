import type { Kysely } from 'kysely';
import type { ScheduleAnswer } from '../../../contracts/consultations.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { forbidden } from '../../plugins/errors.ts';
import { findLatestBooking, insertBooking } from './consultations.repository.ts';

/**
 * The consultation booking page (GET pm-schedule): the operator's SCHEDULING_URL, prefilled
 * with the person's name and e-mail (the `name` and `email` parameters scheduling pages read).
 */
export function createConsultationsService(db: Kysely<DatabaseSchema>, schedulingUrl: string | undefined) {
  const bookingPageFor = (viewer: Viewer | undefined): string | null => {
    if (!schedulingUrl) return null;
    const url = new URL(schedulingUrl);
    // The demo account is shared: its name and address belong to nobody who books.
    if (viewer && !viewer.isDemo) {
      url.searchParams.set('name', viewer.name);
      url.searchParams.set('email', viewer.email);
    }
    return url.toString();
  };

  async function schedule(viewer: Viewer | undefined): Promise<ScheduleAnswer> {
    const booking = viewer ? await findLatestBooking(db, viewer.userId) : undefined;
    return {
      url: bookingPageFor(viewer),
      configured: schedulingUrl !== undefined,
      booking: booking ? { url: booking.url, bookedAt: booking.bookedAt.toISOString() } : null,
    };
  }

  return {
    schedule,
    /** After the scheduling page reports a booked event, the app records it. */
    async recordBooking(viewer: Viewer, eventUrl: string): Promise<ScheduleAnswer> {
      if (viewer.isDemo) throw forbidden('The demo account cannot book a consultation.');
      await insertBooking(db, { userId: viewer.userId, eventUrl });
      return schedule(viewer);
    },
  };
}

export type ConsultationsService = ReturnType<typeof createConsultationsService>;
