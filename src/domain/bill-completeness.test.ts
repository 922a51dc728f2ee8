import { describe, expect, it } from 'vitest';
import { lastFinalBillDay } from './bill-completeness.ts';

describe('the last final day of bill data', () => {
  it("does not count a current export's newest day, which is still being billed", () => {
    expect(lastFinalBillDay('2026-11-28', '2026-11-28')).toBe('2026-11-27');
    expect(lastFinalBillDay('2026-11-26', '2026-11-28')).toBe('2026-11-25');
  });

  it('counts an export that ended longer ago than the billing lag to its last day', () => {
    expect(lastFinalBillDay('2024-09-30', '2026-11-28')).toBe('2024-09-30');
    expect(lastFinalBillDay('2026-11-24', '2026-11-28')).toBe('2026-11-24');
  });

  it('never answers today or later', () => {
    expect(lastFinalBillDay('2026-11-30', '2026-11-28')).toBe('2026-11-27');
  });
});
