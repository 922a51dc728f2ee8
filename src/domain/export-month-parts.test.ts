import { describe, expect, it } from 'vitest';
import {
  isManifestFileName,
  type KeptMonth,
  looksLikePartOf,
  numberedPartOf,
  readExportManifest,
  summarizeMonthParts,
  whyNotAPartOf,
} from './export-month-parts.ts';

const legacyManifest = {
  assemblyId: 'a1b2c3',
  billingPeriod: { start: '20261001T000000.000Z', end: '20261101T000000.000Z' },
  reportKeys: [
    'cur/report/20261001-20261101/a1b2c3/report-1.csv.gz',
    'cur/report/20261001-20261101/a1b2c3/report-2.csv.gz',
    'cur/report/20261001-20261101/a1b2c3/report-3.csv.gz',
  ],
};

const october = (parts: string[], manifest = true): KeptMonth => ({
  billingPeriod: '2026-10-01',
  parts,
  manifest: manifest
    ? {
        assemblyId: 'a1b2c3',
        billingPeriod: '2026-10-01',
        parts: ['report-1.csv.gz', 'report-2.csv.gz', 'report-3.csv.gz'],
      }
    : null,
});

describe('a month in parts', () => {
  it('reads a legacy CUR manifest: its assembly, its month and its parts by file name', () => {
    expect(readExportManifest(legacyManifest)).toEqual({
      assemblyId: 'a1b2c3',
      billingPeriod: '2026-10-01',
      parts: ['report-1.csv.gz', 'report-2.csv.gz', 'report-3.csv.gz'],
    });
  });

  it('reads a Data Exports manifest: its execution is the assembly, dataFiles its parts', () => {
    const manifest = readExportManifest({
      executionId: 'e-9',
      billingPeriod: { start: '2026-10-01T00:00:00.000Z' },
      dataFiles: ['s3://bucket/x/data/BILLING_PERIOD=2026-10/x-00001.snappy.parquet'],
    });
    expect(manifest).toEqual({
      assemblyId: 'e-9',
      billingPeriod: '2026-10-01',
      parts: ['x-00001.snappy.parquet'],
    });
  });

  it('says why a JSON file is not a manifest', () => {
    expect(readExportManifest({ billingPeriod: { start: '2026-10-01' } })).toEqual({
      refused: 'it lists no reportKeys (legacy CUR) or dataFiles (Data Exports)',
    });
    expect(readExportManifest([])).toHaveProperty('refused');
    for (const start of ['2026-13-01T00:00:00Z', '20260001T000000.000Z', '0000-01-01T00:00:00Z'])
      expect(readExportManifest({ reportKeys: ['a.csv'], billingPeriod: { start } })).toEqual({
        refused: 'its billingPeriod.start is not a month (YYYY-MM)',
      });
    expect(isManifestFileName('report-Manifest.json')).toBe(true);
    expect(isManifestFileName('report-1.csv.gz')).toBe(false);
  });

  it('finds AWS numbering in legacy and Parquet part names', () => {
    expect(numberedPartOf('report-2.csv.gz')).toEqual({ stem: 'report.csv.gz', number: 2 });
    expect(numberedPartOf('spend-00003.snappy.parquet')).toEqual({ stem: 'spend.snappy.parquet', number: 3 });
    expect(numberedPartOf('october.csv')).toBeUndefined();
  });

  it('takes a numbered sibling or a file the manifest lists for a part, and a whole month for a month', () => {
    expect(looksLikePartOf(october(['report-1.csv.gz'], false), 'report-2.csv.gz')).toBe(true);
    expect(looksLikePartOf(october(['report-1.csv.gz'], false), 'october.csv.gz')).toBe(false);
    expect(looksLikePartOf(october([], true), 'report-3.csv.gz')).toBe(true);
  });

  it('refuses a part the manifest does not list, or one of another delivery of the month', () => {
    expect(whyNotAPartOf(october(['report-1.csv.gz']), 'other-1.csv.gz', null)).toMatch(
      /other-1.csv.gz is not one of the parts the manifest of October 2026 lists/,
    );
    const otherAssembly = { assemblyId: 'zzz', billingPeriod: '2026-10-01', parts: ['report-2.csv.gz'] };
    expect(whyNotAPartOf(october(['report-1.csv.gz']), 'report-2.csv.gz', otherAssembly)).toMatch(
      /assembly zzz, but the parts kept of October 2026 are of assembly a1b2c3/,
    );
    expect(whyNotAPartOf(october(['report-1.csv.gz']), 'report-2.csv.gz', null)).toBeUndefined();
  });

  it('names the missing parts when a manifest lists them', () => {
    expect(summarizeMonthParts(october(['report-2.csv.gz', 'report-1.csv.gz'])).sentence).toBe(
      'October 2026: parts 1, 2 of 3 — part 3 missing',
    );
    expect(
      summarizeMonthParts(october(['report-1.csv.gz', 'report-2.csv.gz', 'report-3.csv.gz'])).sentence,
    ).toBe('October 2026: all 3 parts');
    expect(summarizeMonthParts(october(['report-1.csv.gz'], false)).sentence).toBe(
      'October 2026: part 1; no manifest names how many there are',
    );
    expect(summarizeMonthParts(october([], true)).sentence).toBe(
      'October 2026: the manifest lists 3 parts; none is uploaded yet',
    );
  });
});
