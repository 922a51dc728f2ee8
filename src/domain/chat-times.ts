/**
 * How chat messages in the help widget show their time: a short time for today, and a
 * 'MMMM D, YYYY' line whenever the day changes. Days are the reader's calendar days in their time zone.
 */

import { isoDayInTimeZone } from './calendar-days.ts';

export type ChatTimelineEntry<M> =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; message: M; time: string };

/** 'MMMM D, YYYY', e.g. 'November 22, 2026'. */
export function formatChatDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(instant);
}

/** The short time of day, e.g. '8:05 AM'. */
export function formatChatTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/**
 * Messages in order with a day line before the first message of each day, except when the
 * conversation starts today (then every message simply shows its time).
 */
export function chatTimeline<M extends { timestamp: string }>(
  messages: readonly M[],
  now: Date,
  timeZone: string,
): ChatTimelineEntry<M>[] {
  const today = isoDayInTimeZone(now, timeZone);
  const entries: ChatTimelineEntry<M>[] = [];
  let previousDay: string | undefined;
  for (const message of messages) {
    const instant = new Date(message.timestamp);
    const day = isoDayInTimeZone(instant, timeZone);
    const dayChanged = previousDay === undefined ? day !== today : day !== previousDay;
    if (dayChanged) entries.push({ kind: 'day', key: day, label: formatChatDay(instant, timeZone) });
    entries.push({ kind: 'message', message, time: formatChatTime(instant, timeZone) });
    previousDay = day;
  }
  return entries;
}
