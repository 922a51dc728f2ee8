import { describe, expect, it } from 'vitest';
import { billDataExtent, dataThrough } from './data-through.ts';

describe("the dashboard's 'data through'", () => {
  it('says the newest day is still arriving while it is within the billing lag', () => {
    expect(dataThrough('2026-11-28', '2026-11-28')).toBe(
      'data complete through Nov 27, 2026, Nov 28 still arriving',
    );
  });

  it('names both open days when the bill runs a day ahead of the person (west of UTC)', () => {
    expect(dataThrough('2026-11-28', '2026-11-27')).toBe(
      'data complete through Nov 26, 2026, Nov 27 – Nov 28 still arriving',
    );
  });

  it('is final to its last day for an export that ended long ago', () => {
    expect(dataThrough('2024-09-30', '2026-11-28')).toBe('data through Sep 30, 2024');
  });

  it('says the same without "data" where a label names it (the integration card)', () => {
    expect(billDataExtent('2024-09-30', '2026-11-28')).toBe('through Sep 30, 2024');
    expect(billDataExtent('2026-11-28', '2026-11-28')).toBe(
      'complete through Nov 27, 2026, Nov 28 still arriving',
    );
  });
});
