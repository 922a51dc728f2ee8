import { describe, expect, it } from 'vitest';
import {
  describeShrinkingPeriod,
  describeShrinkingPeriods,
  findShrinkingPeriods,
} from './billing-period-restatements.ts';

describe('a restated billing period', () => {
  it('is held when it would lower a month with spend by more than half', () => {
    expect(
      findShrinkingPeriods([{ period: '2024-09-01', usd: 307.63 }], [{ period: '2024-09-01', usd: 82.12 }]),
    ).toEqual([{ period: '2024-09-01', currentUsd: 307.63, incomingUsd: 82.12 }]);
  });

  it('replaces unasked when it keeps half or more, grows, or the month is new or empty', () => {
    const current = [
      { period: '2024-08-01', usd: 100 },
      { period: '2024-09-01', usd: 100 },
      { period: '2024-10-01', usd: 0 },
    ];
    const incoming = [
      { period: '2024-08-01', usd: 50 },
      { period: '2024-09-01', usd: 140 },
      { period: '2024-10-01', usd: 3 },
      { period: '2024-11-01', usd: 1 },
    ];
    expect(findShrinkingPeriods(current, incoming)).toEqual([]);
  });

  it('names the month and both totals for the run notes', () => {
    const september = { period: '2024-09-01', currentUsd: 1307.63, incomingUsd: 82.12 };
    expect(describeShrinkingPeriod(september)).toBe('the September 2024 bill from $1,307.63 to $82.12');
    expect(describeShrinkingPeriods([september], 'held')).toBe(
      'Held: this file would lower the September 2024 bill from $1,307.63 to $82.12. The current numbers stay until the replacement is confirmed.',
    );
    expect(describeShrinkingPeriods([september], 'restated-by-aws')).toBe(
      'AWS restated the export and lowered the September 2024 bill from $1,307.63 to $82.12.',
    );
  });
});
