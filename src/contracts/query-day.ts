import { z } from 'zod';
import { isIsoDay } from '../domain/calendar-days.ts';

/**
 * The days a cost query may name. A query reads the month before its range (the previous period) and
 * the day after it (the months it splits into), which must stay four-digit days; cost data begins
 * long after 1970.
 */
export const QUERY_DAYS = { first: '1970-01-01', last: '9998-12-31' } as const;

export const queryDay = (field: string) =>
  z
    .string()
    .refine(isIsoDay, `${field} must be a calendar day written YYYY-MM-DD`)
    .refine(
      (day) => !isIsoDay(day) || (day >= QUERY_DAYS.first && day <= QUERY_DAYS.last),
      `${field} must be from ${QUERY_DAYS.first} to ${QUERY_DAYS.last}`,
    );
