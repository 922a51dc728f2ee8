import { describe, expect, it } from 'vitest';
import { formatWhen, formatWhenDay } from './instant-format.ts';

describe('a moment as the app writes it', () => {
  it('names the day with its year and the time to the minute, or to the second for an audit log', () => {
    const when = new Date(2026, 10, 28, 9, 4, 37);
    expect(formatWhen(when)).toBe('Nov 28, 2026, 9:04 AM');
    expect(formatWhen(when.toISOString(), 'seconds')).toBe('Nov 28, 2026, 9:04:37 AM');
    expect(formatWhenDay(when)).toBe('Nov 28, 2026');
  });
});
