import { sql } from 'kysely';

/**
 * When a row was written or a lease runs out, on the database's own clock (docs/decisions/076): stamps
 * such as `updated_at` that no rule reads as "today", and leases compared with the same clock in SQL.
 */
export const databaseNow = () => sql<Date>`clock_timestamp()`;

/** The database's clock moved by `milliseconds`, for a lease or an age compared in the same statement. */
export const databaseNowPlus = (milliseconds: number) =>
  sql<Date>`clock_timestamp() + make_interval(secs => ${milliseconds / 1000})`;
