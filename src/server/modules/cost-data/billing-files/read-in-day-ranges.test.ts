import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingFileSource } from './billing-file-source.ts';
import { type Cur2TestLineItem, writeCur2TestFile } from './cur2-test-files.ts';
import type { BillingFileProgress, BillingFileSummary, DailyCostFact } from './daily-cost-fact.ts';
import {
  type DayRange,
  dayRanges,
  dayRangesOf,
  daysIn,
  rangesAfterFirst,
  WHOLE_MONTH,
} from './day-ranges.ts';
import { readDailyCostFacts } from './read-daily-cost-facts.ts';
import { quoteLiteral } from './sql-text.ts';

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

/** The facts read in the given ranges, or in those the reader plans for its memory limit. */
async function read(
  file: string,
  ranges: readonly DayRange[] | undefined,
  memoryLimit?: string,
  onProgress?: (progress: BillingFileProgress) => void,
) {
  const facts: DailyCostFact[] = [];
  let summary: BillingFileSummary | undefined;
  for await (const batch of readDailyCostFacts(file, {
    dayRanges: ranges,
    memoryLimit,
    onProgress,
    grain: 'stored',
    onSummary: (read) => (summary = read),
  }))
    facts.push(...batch);
  const sorted = facts.map((fact) => JSON.stringify(fact)).sort();
  return { facts, sorted, summary };
}

/** Every day the ranges cover, in order, a day as often as ranges cover it. */
const daysCovered = (ranges: readonly DayRange[]) =>
  ranges.flatMap((range) => Array.from({ length: daysIn(range) }, (_, index) => range.firstDay + index));

const readWithin = (file: string, memoryLimit: string, onProgress: (progress: BillingFileProgress) => void) =>
  read(file, undefined, memoryLimit, onProgress);

const parquetSource: BillingFileSource = {
  file: 'month.parquet',
  container: 'parquet',
  relation: '',
  columns: [],
  firstLineItemLine: 1,
};

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

/** The two months' lines for each of `copies` instances (i-1-0, i-1-1, …), each line `repeats` times. */
async function writeManyInstances(from: string, to: string, copies: number, repeats: number) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`COPY (
      SELECT * REPLACE (line_item_resource_id || '-' || copy AS line_item_resource_id)
      FROM read_parquet(${quoteLiteral(from)}), range(${copies}) AS copies(copy), range(${repeats}) AS repeats(line)
    ) TO ${quoteLiteral(to)} (FORMAT parquet)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('a large file read in ranges fitted to its first', () => {
  let directory: string;

  beforeAll(() => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'fitted-ranges-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('reads the rest in fewer statements, with the same facts and totals as one read of the whole month', async () => {
    const small = path.join(directory, 'two-months.parquet');
    const large = path.join(directory, 'many-instances.parquet');
    await writeCur2TestFile(small, lineItems, 'parquet');
    // 531,000 line items, 15 to a group: at 256MB three ranges of 11 days are planned; the first's 8,822
    // groups say the other 20 days make about 16,000, one statement's worth.
    await writeManyInstances(small, large, 200, 15);
    const lines = lineItems.length * 200 * 15;
    expect(dayRangesOf({ ...parquetSource, file: large }, lines, '256MB')).toHaveLength(3);
    const whole = await read(large, WHOLE_MONTH);
    const statements = new Map<string, DayRange>();
    const percents: number[] = [];
    const fitted = await readWithin(large, '256MB', (progress) => {
      if (progress.stage !== 'scanning') return;
      percents.push(progress.percent);
      if (progress.days) statements.set(`${progress.days.firstDay}-${progress.days.lastDay}`, progress.days);
    });
    expect([...statements.keys()]).toEqual(['1-11', '12-31']);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    expect(fitted.summary).toEqual(whole.summary);
    expect(fitted.summary?.lineItems).toBe(lines);
    expect(fitted.sorted).toEqual(whole.sorted);
  });
});

describe('the ranges of days', () => {
  it.each(Array.from({ length: 31 }, (_, index) => index + 1))(
    'cover days 1 to 31 once each when asked for %i',
    (count) => {
      const days = daysCovered(dayRanges(count));
      expect(days).toEqual(Array.from({ length: 31 }, (_, index) => index + 1));
    },
  );
});

describe('how many ranges a file is read in', () => {
  const parquet = parquetSource;

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

describe('the ranges after the first, fitted to what it grouped', () => {
  const days = (ranges: DayRange[]) => ranges.map((range) => [range.firstDay, range.lastDay]);

  it('reads the rest of a month of few groups a line item in one statement at 1GB', () => {
    // The 20M-line month of 200,000 resources: days 1-4 of 8 planned made about 120,000 groups.
    const rest = rangesAfterFirst(dayRanges(8), { groups: 120_000, lineItems: 2_600_000 }, 20_000_000, '1GB');
    expect(days(rest)).toEqual([[5, 31]]);
  });

  it('keeps the plan when the first range shows the groups would not fit in fewer statements', () => {
    // A month of 30,000 instances at 256MB: 4 days made 125,000 groups, about what one statement holds.
    const planned = dayRanges(8);
    const rest = rangesAfterFirst(planned, { groups: 125_000, lineItems: 620_000 }, 5_000_000, '256MB');
    expect(rest).toEqual(planned.slice(1));
  });

  it('weighs the groups a day as well as a line item, so a month heavy in its first days still fits', () => {
    // Days 1-4 hold most of the line items: by line item the rest is 25,000 groups, by day 675,000, which
    // at 384MB (244,000 groups a statement) is 9 days a statement.
    const rest = rangesAfterFirst(
      dayRanges(8),
      { groups: 100_000, lineItems: 2_000_000 },
      2_500_000,
      '384MB',
    );
    expect(days(rest)).toEqual([
      [5, 13],
      [14, 22],
      [23, 31],
    ]);
  });

  it('keeps the plan when the first range grouped nothing, or DuckDB may hold no groups', () => {
    const planned = dayRanges(8);
    expect(rangesAfterFirst(planned, { groups: 0, lineItems: 0 }, 20_000_000, '1GB')).toEqual(
      planned.slice(1),
    );
    expect(rangesAfterFirst(planned, { groups: 10, lineItems: 100 }, 20_000_000, '128MB')).toEqual(
      planned.slice(1),
    );
  });

  it('covers the days after the first range once each, in no more statements than planned', () => {
    for (const groups of [1, 10_000, 100_000, 1_000_000, 10_000_000]) {
      for (const limit of ['256MB', '512MB', '1GB', '4GB']) {
        const rest = rangesAfterFirst(dayRanges(5), { groups, lineItems: 1_000_000 }, 5_000_000, limit);
        const covered = daysCovered(rest);
        expect(covered).toEqual(Array.from({ length: 31 - 7 }, (_, index) => 8 + index));
        expect(rest.length).toBeLessThanOrEqual(4);
      }
    }
  });

  it('gives no fitted statement more days than keep its groups within what a statement holds', () => {
    // 30,000 groups a day at 512MB (372,000 a statement): 12 days a statement, never 13.
    const rest = rangesAfterFirst(
      dayRanges(8),
      { groups: 120_000, lineItems: 2_600_000 },
      20_000_000,
      '512MB',
    );
    expect(rest.map(daysIn)).toEqual([12, 12, 3]);
    for (const range of rest) expect(daysIn(range) * 30_000).toBeLessThanOrEqual(372_000);
  });

  it('has nothing after a whole month', () => {
    expect(rangesAfterFirst(WHOLE_MONTH, { groups: 5, lineItems: 5 }, 5, '1GB')).toEqual([]);
  });
});
