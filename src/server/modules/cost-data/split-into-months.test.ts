import { describe, expect, it } from 'vitest';
import { splitIntoMonths } from './cost-slices.repository.ts';

describe('which rollups a long range reads', () => {
  it('reads a whole year from the monthly rollups only', () => {
    expect(splitIntoMonths('2026-01-01', '2026-12-31')).toEqual({
      months: { first: '2026-01-01', last: '2026-12-01' },
      days: [],
    });
  });

  it('reads the ragged edges of a range from the daily rollups', () => {
    expect(splitIntoMonths('2024-01-15', '2024-03-10')).toEqual({
      months: { first: '2024-02-01', last: '2024-02-01' },
      days: [
        { start: '2024-01-15', end: '2024-01-31' },
        { start: '2024-03-01', end: '2024-03-10' },
      ],
    });
  });

  it('reads a range inside one month, or across two partial months, day by day', () => {
    expect(splitIntoMonths('2024-02-10', '2024-02-29')).toEqual({
      months: null,
      days: [{ start: '2024-02-10', end: '2024-02-29' }],
    });
    expect(splitIntoMonths('2025-12-20', '2026-01-10')).toEqual({
      months: null,
      days: [{ start: '2025-12-20', end: '2026-01-10' }],
    });
  });

  it('ends a range on the leap day as a whole February', () => {
    expect(splitIntoMonths('2023-12-01', '2024-02-29')).toEqual({
      months: { first: '2023-12-01', last: '2024-02-01' },
      days: [],
    });
  });
});
