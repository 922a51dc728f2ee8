import { z } from 'zod';

/** A page view reported by the web app on each route change. */
export const pageViewInput = z.object({
  path: z.string().startsWith('/').max(2048),
  query: z.string().max(4096).default(''),
  referrer: z.string().max(2048).optional(),
});
export type PageViewInput = z.input<typeof pageViewInput>;

/** A failure the browser saw (chunk and CSS chunk load failures are reported). */
export const clientErrorInput = z.object({
  kind: z.enum(['chunk-load', 'css-chunk-load', 'render']),
  message: z.string().max(2000),
  path: z.string().max(2048),
});

/** The events the embedded scheduling page reports, recorded as analytics events. */
export const SCHEDULING_EVENTS = [
  'profile_page_viewed',
  'event_type_viewed',
  'date_and_time_selected',
  'event_scheduled',
] as const;
export type SchedulingEvent = (typeof SCHEDULING_EVENTS)[number];

export const analyticsEventInput = z.object({
  name: z.enum(SCHEDULING_EVENTS.map((event) => `scheduling.${event}` as const)),
  path: z.string().startsWith('/').max(2048),
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventInput>;
