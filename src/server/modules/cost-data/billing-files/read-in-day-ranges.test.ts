import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingFileSource } from './billing-file-source.ts';
import { type Cur2TestLineItem, writeCur2TestFile } from './cur2-test-files.ts';
import type { BillingFileSummary, DailyCostFact } from './daily-cost-fact.ts';
import { type DayRange, dayRanges, dayRangesOf, WHOLE_MONTH } from './day-ranges.ts';
import { readDailyCostFacts } from './read-daily-cost-facts.ts';

const pad = (day: number) => String(day).padStart(2, '0');

/** Two lines a day of one instance in a month, with tags in two spellings that normalize to one set. */
function monthOfLines(month: string, days: number): Cur2TestLineItem[] {
  return Array.from({ length: days }, (_, index) => index + 1).flatMap((day): Cur2TestLineItem[] => [
    {
      type: 'Usage',
      usageType: 'BoxUsage:m5.large',
      start: `${month}-${pad(day)} 00:00:00`,
      billingPeriod: `${month}-01`,
      unblended: `${day}.125`,
      resourceId: 'i-1',
      tags: { user_team: 'checkout' },
    },
    {
      type: 'Usage',
      usageType: 'BoxUsage:m5.large',
      start: `${month}-${pad(day)} 23:00:00`,
      billingPeriod: `${month}-01`,
      unblended: '0.000000001',
      resourceId: 'i-1',
      tags: { user_team: 'checkout', user_env: '' },
    },
    {
      type: 'Usage',
      usageType: 'TimedStorage-ByteHrs',
      start: `${month}-${pad(day)} 12:00:00`,
      billingPeriod: `${month}-01`,
      unblended: '0.333333333333',
      resourceId: `vol-${day % 3}`,
    },
  ]);
}

/** February 2026 (28 days) and October 2026 (31 days) in one file. */
const lineItems = [...monthOfLines('2026-02', 28), ...monthOfLines('2026-10', 31)];

async function read(file: string, ranges: readonly DayRange[]) {
  const facts: DailyCostFact[] = [];
  let summary: BillingFileSummary | undefined;
  for await (const batch of readDailyCostFacts(file, {
    dayRanges: ranges,
    grain: 'stored',
    onSummary: (read) => (summary = read),
  }))
    facts.push(...batch);
  const sorted = facts.map((fact) => JSON.stringify(fact)).sort();
  return { facts, sorted, summary };
}

describe('a billing file read in ranges of days', () => {
  let directory: string;
  let file: string;
  let whole: Awaited<ReturnType<typeof read>>;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'day-ranges-'));
    file = path.join(directory, 'two-months.parquet');
    await writeCur2TestFile(file, lineItems, 'parquet');
    whole = await read(file, WHOLE_MONTH);
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it.each([2, 4, 8, 31])('gives the same facts and totals in %i ranges as in one read', async (count) => {
    const ranged = await read(file, dayRanges(count));
    expect(ranged.sorted).toEqual(whole.sorted);
    expect(ranged.summary).toEqual(whole.summary);
  });

  it('keeps every line of the file once, to the last decimal', () => {
    expect(whole.summary).toMatchObject({
      lineItems: lineItems.length,
      billingPeriods: ['2026-02-01', '2026-10-01'],
      firstUsageDate: '2026-02-01',
      lastUsageDate: '2026-10-31',
      days: 28 + 31,
    });
    // February: 406 + 28 × 0.125 + 28 × 0.333333334333; October: 496 + 31 × 0.125 + 31 × 0.333333334333.
    expect(whole.summary?.totalUnblendedCost).toBe('929.041666725647');
  });

  it('sums a day from its first to its last hour, on either side of a range boundary', async () => {
    // In 8 ranges of 4 days, the 5th starts a range: its 00:00 line and its 23:00 line are one fact.
    const ranged = await read(file, dayRanges(8));
    const instanceDay = (day: string) =>
      ranged.facts.filter((fact) => fact.usageDate === day && fact.resourceId === 'i-1');
    for (const day of ['2026-10-04', '2026-10-05', '2026-02-28', '2026-10-31']) {
      const facts = instanceDay(day);
      expect(facts).toHaveLength(1);
      expect(facts[0]).toMatchObject({ lineItems: 2, tags: { team: 'checkout' } });
    }
    expect(instanceDay('2026-10-05')[0]?.unblendedCost).toBe('5.125000001000');
  });

  it('moves the scanning progress once across the ranges, never back, to every line item', async () => {
    const scanned: Array<{ percent: number; rowsScanned: number | null }> = [];
    for await (const _batch of readDailyCostFacts(file, {
      dayRanges: dayRanges(4),
      onProgress: (progress) => {
        if (progress.stage === 'scanning') scanned.push(progress);
      },
    }));
    const percents = scanned.map((progress) => progress.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.filter((percent) => percent === 100)).toHaveLength(1);
    expect(scanned.at(-1)).toMatchObject({ percent: 100, rowsScanned: lineItems.length });
  });

  it('keeps a resource only on instance hours, as stored, in every range', async () => {
    const ranged = await read(file, dayRanges(8));
    const storage = ranged.facts.filter((fact) => fact.usageType === 'TimedStorage-ByteHrs');
    expect(storage).toHaveLength(28 + 31);
    expect(storage.every((fact) => fact.resourceId === null)).toBe(true);
  });
});

describe('the ranges of days', () => {
  it.each(Array.from({ length: 31 }, (_, index) => index + 1))(
    'cover days 1 to 31 once each when asked for %i',
    (count) => {
      const days = dayRanges(count).flatMap((range) =>
        Array.from({ length: range.lastDay - range.firstDay + 1 }, (_, index) => range.firstDay + index),
      );
      expect(days).toEqual(Array.from({ length: 31 }, (_, index) => index + 1));
    },
  );
});

describe('how many ranges a file is read in', () => {
  const parquet: BillingFileSource = {
    file: 'month.parquet',
    container: 'parquet',
    relation: '',
    columns: [],
    firstLineItemLine: 1,
  };

  it('reads a small file in one statement, whatever the memory', () => {
    expect(dayRangesOf(parquet, 20_000, '256MB')).toEqual(WHOLE_MONTH);
    expect(dayRangesOf(parquet, 900_000, '1GB')).toEqual(WHOLE_MONTH);
  });

  it('reads a 5M-line month in more ranges the less memory DuckDB may use, at most eight', () => {
    expect(dayRangesOf(parquet, 5_000_000, '1GB')).toHaveLength(5);
    expect(dayRangesOf(parquet, 5_000_000, '2 GiB')).toHaveLength(3);
    expect(dayRangesOf(parquet, 5_000_000, '256MB')).toHaveLength(8);
    expect(dayRangesOf(parquet, 20_000_000, '4GB')).toHaveLength(5);
  });
});
