import { describe, expect, it } from 'vitest';
import { intervalText } from './interval-text.ts';

describe('intervalText', () => {
  it('says seconds under a minute, minutes under an hour, then hours', () => {
    expect(intervalText(5)).toBe('5 seconds');
    expect(intervalText(60)).toBe('1 minute');
    expect(intervalText(300)).toBe('5 minutes');
    expect(intervalText(90)).toBe('1.5 minutes');
    expect(intervalText(3600)).toBe('1 hour');
    expect(intervalText(7200)).toBe('2 hours');
  });

  it('has a short form for tables', () => {
    expect(intervalText(5, 'short')).toBe('5 s');
    expect(intervalText(1800, 'short')).toBe('30 min');
    expect(intervalText(3600, 'short')).toBe('1 h');
  });
});
