import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

export interface ConsultationBookingsTable {
  id: Generated<string>;
  user_id: string;
  event_url: string;
  booked_at: Timestamp;
}

/** The tables the consultations module owns (db/schema/ownership.ts). Booked consultations. */
export interface ConsultationsTables {
  consultation_bookings: ConsultationBookingsTable;
}
