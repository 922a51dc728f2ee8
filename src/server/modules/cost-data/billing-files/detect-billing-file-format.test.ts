import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUR_SAMPLE, FOCUS_SAMPLE } from '../../../testing/raw-billing-samples.ts';
import { type Cur2TestLineItem, writeCur2TestFile } from './cur2-test-files.ts';
import type { BillingFileProgress } from './daily-cost-fact.ts';
import { detectBillingFileFormat } from './inspect-billing-file.ts';
import { readDailyCostFacts } from './read-daily-cost-facts.ts';

const usage = (hour: number, resourceId: string): Cur2TestLineItem => ({
  type: 'Usage',
  usageType: 'BoxUsage:m5.large',
  start: `2026-10-0${1 + (hour % 3)} ${String(hour % 24).padStart(2, '0')}:00:00`,
  unblended: '0.096',
  resourceId,
});

describe('telling billing files apart', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'billing-file-format-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('recognizes the real samples by their columns', async () => {
    expect(await detectBillingFileFormat(CUR_SAMPLE)).toEqual({
      format: 'cur-legacy-csv',
      container: 'csv',
    });
    expect(await detectBillingFileFormat(FOCUS_SAMPLE)).toEqual({
      format: 'focus',
      container: 'csv',
    });
  });

  it('goes by the bytes, not the name: Parquet named .csv and gzip named .parquet', async () => {
    const parquet = path.join(directory, 'misnamed.csv');
    await writeCur2TestFile(parquet, [usage(1, 'i-1')], 'parquet');
    expect(await detectBillingFileFormat(parquet)).toEqual({ format: 'cur2', container: 'parquet' });
    const gzip = path.join(directory, 'misnamed.parquet');
    await writeCur2TestFile(gzip, [usage(1, 'i-1')], 'csv.gz');
    expect(await detectBillingFileFormat(gzip)).toEqual({ format: 'cur2', container: 'csv.gz' });
  });

  it('reports scanning progress up to every line item, then the facts handed over', async () => {
    const file = path.join(directory, 'progress.parquet');
    const items = Array.from({ length: 300 }, (_, hour) => usage(hour, `i-${hour % 7}`));
    await writeCur2TestFile(file, items, 'parquet');
    const reports: BillingFileProgress[] = [];
    let facts = 0;
    for await (const batch of readDailyCostFacts(file, {
      batchSize: 5,
      onProgress: (p) => reports.push(p),
    })) {
      facts += batch.length;
    }
    const scanning = reports.filter((report) => report.stage === 'scanning');
    expect(scanning[0]).toMatchObject({ percent: 0, rowsScanned: 0, totalRows: 300 });
    expect(scanning.at(-1)).toMatchObject({ percent: 100, rowsScanned: 300, totalRows: 300 });
    const emitting = reports.filter((report) => report.stage === 'emitting');
    expect(emitting.length).toBeGreaterThan(1);
    expect(emitting.at(-1)).toMatchObject({ percent: 100, factsEmitted: facts, totalFacts: facts });
    const percents = emitting.map((report) => report.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });
});
