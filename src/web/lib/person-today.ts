import { type IsoDay, isoDayInTimeZone } from '../../domain/calendar-days.ts';
import { useSession } from './session.tsx';

/**
 * Today in the signed-in person's time zone, as the server's answers reckon it (the dashboard's `today`):
 * a screen that says how far the bill is final must agree with the dashboard east and west of UTC.
 */
export function usePersonToday(): IsoDay {
  const { user } = useSession();
  return isoDayInTimeZone(new Date(), user?.default_timezone ?? 'UTC');
}
