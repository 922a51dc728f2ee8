import { describe, expect, it } from 'vitest';
import {
  billDataSentence,
  describeType,
  formatAge,
  formatDayOrTime,
  formatDuration,
  formatEventTime,
  formatMonthEnd,
  formatUsdPerDay,
  formatUsdPerHour,
  gpuBurstNotice,
  launchedByName,
  unpricedLabel,
} from './launch-format.ts';

describe('launch prices', () => {
  it('writes an hourly price in dollars and cents, and keeps the sub-cent digits of small instances', () => {
    expect(formatUsdPerHour(262.4)).toBe('$262.40/h');
    expect(formatUsdPerHour(1_442.5)).toBe('$1,442.50/h');
    expect(formatUsdPerHour(0.0116)).toBe('$0.0116/h');
    expect(formatUsdPerHour(0.5)).toBe('$0.50/h');
    expect(formatUsdPerHour(0)).toBe('$0.00/h');
  });

  it('writes a daily price in dollars and cents', () => {
    expect(formatUsdPerDay(6_297.6)).toBe('$6,297.60/day');
  });

  it('tells the demo visitor what the burst started and what comes next', () => {
    expect(gpuBurstNotice({ count: 8, instance_type: 'p4d.24xlarge', region: 'us-east-1' })).toBe(
      '8 × p4d.24xlarge launched in us-east-1 — the alert arrives within a minute.',
    );
  });

  it('counts the rows without a price in words', () => {
    expect(unpricedLabel(3)).toBe('3 with price unknown');
  });
});

describe('what was launched', () => {
  it('names the type, a resize from and to, and says when no event named it', () => {
    expect(describeType({ type: 'p4d.24xlarge', previous_type: null, origin: 'launch' })).toBe(
      'p4d.24xlarge',
    );
    expect(describeType({ type: 'm5.4xlarge', previous_type: 'm5.large', origin: 'resize' })).toBe(
      'm5.large → m5.4xlarge',
    );
    expect(describeType({ type: null, previous_type: null, origin: 'launch' })).toBe('type unknown');
  });

  it('shortens the CloudTrail caller to a person or a role session', () => {
    expect(launchedByName('arn:aws:iam::746251839027:user/maya.chen')).toBe('maya.chen');
    expect(launchedByName('arn:aws:iam::746251839027:user/team/data/maya.chen')).toBe('maya.chen');
    expect(launchedByName('arn:aws:sts::746251839027:assumed-role/Admin/maya@acme.com')).toBe(
      'maya@acme.com (Admin)',
    );
    expect(launchedByName('arn:aws:iam::746251839027:root')).toBe('root account');
    expect(launchedByName(null)).toBeNull();
  });
});

describe('times', () => {
  const now = new Date('2025-03-03T12:00:00Z');

  it('writes an event time in the person’s time zone, with the year only when it differs', () => {
    expect(formatEventTime('2025-03-03T09:14:00Z', 'UTC', now)).toBe('Mar 3, 9:14 AM');
    expect(formatEventTime('2025-03-03T09:14:00Z', 'America/New_York', now)).toBe('Mar 3, 4:14 AM');
    expect(formatEventTime('2024-12-31T23:00:00Z', 'UTC', now)).toBe('Dec 31, 2024, 11:00 PM');
  });

  it('says how long ago an event arrived', () => {
    expect(formatAge('2025-03-03T11:59:30Z', now)).toBe('just now');
    expect(formatAge('2025-03-03T11:56:00Z', now)).toBe('4 min ago');
    expect(formatAge('2025-03-03T09:00:00Z', now)).toBe('3 h ago');
    expect(formatAge('2025-02-28T12:00:00Z', now)).toBe('3 days ago');
  });

  it('says how long a resource ran, or has run until now', () => {
    expect(formatDuration('2025-03-03T11:15:00Z', null, now)).toBe('45 min');
    expect(formatDuration('2025-03-03T08:40:00Z', '2025-03-03T12:00:00Z')).toBe('3 h 20 min');
    expect(formatDuration('2025-03-03T09:00:00Z', '2025-03-03T12:00:00Z')).toBe('3 h');
    expect(formatDuration('2025-02-28T08:00:00Z', null, now)).toBe('3 days 4 h');
  });

  it('reads a bare day as that calendar day in every time zone', () => {
    expect(formatDayOrTime('2025-03-02', 'America/Los_Angeles')).toBe('Mar 2, 2025');
    expect(formatDayOrTime('2025-03-02T03:00:00Z', 'America/Los_Angeles')).toBe('Mar 1, 2025');
  });

  it('names the last day of the month a projection runs to, not the first instant of the next', () => {
    expect(formatMonthEnd('2025-04-01T00:00:00.000Z')).toBe('Mar 31');
    expect(formatMonthEnd('2025-03-01T00:00:00.000Z')).toBe('Feb 28');
  });

  it('says where the bill stops, or that there is no bill yet', () => {
    expect(billDataSentence('2025-03-02', 'UTC')).toBe(
      'Bill data complete through Mar 2, 2025; launches after it are priced live, on demand.',
    );
    expect(billDataSentence(null, 'UTC')).toMatch(/^No bill data yet/);
  });

  it('reads the bill’s exclusive end at midnight UTC as the last day it covers', () => {
    expect(billDataSentence('2026-11-27T00:00:00.000Z', 'America/Los_Angeles')).toBe(
      'Bill data complete through Nov 26, 2026; launches after it are priced live, on demand.',
    );
    expect(billDataSentence('2026-11-26T14:00:00Z', 'UTC')).toMatch(
      /^Bill data complete through Nov 26, 2026;/,
    );
  });
});
