import { describe, expect, it } from 'vitest';
import { chatTimeline, formatChatDay, formatChatTime } from './chat-times.ts';

const at = (iso: string) => ({ timestamp: iso });
const now = new Date('2026-11-22T15:00:00Z');

const labels = (entries: ReturnType<typeof chatTimeline>) =>
  entries.map((entry) => (entry.kind === 'day' ? `— ${entry.label} —` : entry.time));

describe('chat message times', () => {
  it('shows only the short time for a conversation held today', () => {
    const entries = chatTimeline([at('2026-11-22T08:05:00Z'), at('2026-11-22T14:30:00Z')], now, 'UTC');
    expect(labels(entries)).toEqual(['8:05 AM', '2:30 PM']);
  });

  it("puts a 'MMMM D, YYYY' line before each day when the day changes", () => {
    const entries = chatTimeline(
      [at('2026-11-20T09:00:00Z'), at('2026-11-20T09:01:00Z'), at('2026-11-22T10:00:00Z')],
      now,
      'UTC',
    );
    expect(labels(entries)).toEqual([
      '— November 20, 2026 —',
      '9:00 AM',
      '9:01 AM',
      '— November 22, 2026 —',
      '10:00 AM',
    ]);
  });

  it("uses the reader's time zone to decide the day", () => {
    // 02:30 UTC on the 22nd is still the evening of the 21st in Los Angeles.
    const message = at('2026-11-22T02:30:00Z');
    expect(labels(chatTimeline([message], now, 'UTC'))).toEqual(['2:30 AM']);
    expect(labels(chatTimeline([message], now, 'America/Los_Angeles'))).toEqual([
      '— November 21, 2026 —',
      '6:30 PM',
    ]);
  });

  it('formats the day and the time as the spec asks', () => {
    const instant = new Date('2026-01-05T17:45:00Z');
    expect(formatChatDay(instant, 'UTC')).toBe('January 5, 2026');
    expect(formatChatTime(instant, 'Europe/Paris')).toBe('6:45 PM');
  });

  it('shows nothing for an empty conversation', () => {
    expect(chatTimeline([], now, 'UTC')).toEqual([]);
  });
});
