import { z } from 'zod';

/**
 * GET /api/pm-schedule (url). Without SCHEDULING_URL the answer is
 * `{ url: null, configured: false }` so the widget can say booking is not set up.
 */
export const scheduleAnswer = z.object({
  url: z.string().nullable(),
  configured: z.boolean(),
  booking: z.object({ url: z.string(), bookedAt: z.string() }).nullable(),
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswer>;

/** PATCH /api/pm-schedule, sent after the scheduling page reports a booked event. */
export const recordBookingInput = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2048),
});
