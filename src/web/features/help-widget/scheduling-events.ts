import { SCHEDULING_EVENTS, type SchedulingEvent } from '../../../contracts/analytics.ts';

export interface SchedulingMessage {
  event: SchedulingEvent;
  /** For a scheduled event: the address of the booked event, recorded with PATCH pm-schedule. */
  eventUrl?: string;
}

/**
 * Reads a message the embedded scheduling page posted to our window (Calendly's embed API: `{event:
 * 'calendly.event_scheduled', payload: {event: {uri}}}`). Only messages from the booking page's own
 * origin count; anything else is ignored.
 */
export function readSchedulingMessage(
  message: { origin: string; data: unknown },
  bookingPageOrigin: string,
): SchedulingMessage | null {
  if (message.origin !== bookingPageOrigin) return null;
  const data = message.data as { event?: unknown; payload?: { event?: { uri?: unknown } } } | null;
  if (!data || typeof data.event !== 'string' || !data.event.startsWith('calendly.')) return null;
  const name = data.event.slice('calendly.'.length);
  const event = SCHEDULING_EVENTS.find((known) => known === name);
  if (!event) return null;
  const uri = data.payload?.event?.uri;
  return event === 'event_scheduled' && typeof uri === 'string' ? { event, eventUrl: uri } : { event };
}

/** The booking page with what Calendly needs to post its events to an embedding page. */
export function embeddedBookingUrl(bookingUrl: string, embedDomain: string): string {
  const url = new URL(bookingUrl);
  url.searchParams.set('embed_domain', embedDomain);
  url.searchParams.set('embed_type', 'Inline');
  return url.toString();
}
