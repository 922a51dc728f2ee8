import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { dataKey, downloadObject, manifestKey, scratchDirectory } from './testing/download-parquet.ts';
import { startTestSimulator, type TestClock, testClock } from './testing/test-simulator.ts';

const HOUR = 3_600_000;

async function objectBytes(s3: S3Client, bucket: string, key: string): Promise<Buffer> {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
}

async function parquetSummary(file: string) {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const reader = await connection.runAndReadAll(
    `SELECT count(*) AS line_items, CAST(sum(line_item_unblended_cost) AS VARCHAR) AS unblended,
       CAST(max(line_item_usage_end_date) FILTER (WHERE line_item_line_item_type = 'Usage') AS VARCHAR) AS last_usage FROM read_parquet('${file}')`,
  );
  const [row] = reader.getRowObjectsJson();
  return {
    lineItems: Number(row?.line_items),
    unblended: Number(row?.unblended),
    lastUsage: String(row?.last_usage),
  };
}

describe('the CUR 2.0 Data Export in S3', () => {
  let simulator: AwsSimulator;
  let clock: TestClock;
  let s3: S3Client;
  let scratch: string;
  beforeAll(async () => {
    ({ simulator, clock } = await startTestSimulator());
    s3 = simulatorClients(simulator).s3;
    scratch = await scratchDirectory();
  });
  afterAll(async () => {
    await simulator.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('lists 13 billing periods as AWS lays them out, a data file and a manifest each', async () => {
    const { bucket, prefix, exportName } = simulator.company;
    const partitions = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/${exportName}/data/`, Delimiter: '/' }),
    );
    const periods = (partitions.CommonPrefixes ?? []).map(
      (entry) => entry.Prefix?.match(/BILLING_PERIOD=(\d{4}-\d{2})\/$/)?.[1],
    );
    expect(periods).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);

    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: `${prefix}/`,
          MaxKeys: 10,
          ContinuationToken: token,
        }),
      );
      keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
      token = page.NextContinuationToken;
    } while (token);
    expect(keys).toHaveLength(26);
    for (const period of periods) {
      expect(keys).toContain(dataKey(prefix, exportName, period ?? ''));
      expect(keys).toContain(manifestKey(prefix, exportName, period ?? ''));
    }
  });

  it('serves every period with ETag, Content-Length and Last-Modified, and a manifest that names it', async () => {
    const { bucket, prefix, exportName } = simulator.company;
    const listing = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/${exportName}/metadata/` }),
    );
    expect(listing.Contents).toHaveLength(13);
    for (const entry of listing.Contents ?? []) {
      const manifest = JSON.parse((await objectBytes(s3, bucket, entry.Key ?? '')).toString('utf8'));
      const period = String(manifest.billingPeriod.start).slice(0, 7);
      const key = dataKey(prefix, exportName, period);
      expect(manifest.dataFiles).toEqual([`s3://${bucket}/${key}`]);
      expect(manifest.columns.map((column: { name: string }) => column.name)).toEqual(
        expect.arrayContaining(['line_item_unblended_cost', 'resource_tags', 'product']),
      );
      const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      const body = await objectBytes(s3, bucket, key);
      expect(head.ContentLength).toBe(body.length);
      expect(head.ETag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(head.LastModified?.getTime()).toBeGreaterThanOrEqual(Date.parse(manifest.billingPeriod.start));
      expect(body.subarray(0, 4).toString()).toBe('PAR1');
    }
  });

  it('writes the CUR 2.0 columns the readers expect, with tags and product as maps', async () => {
    const { bucket, prefix, exportName } = simulator.company;
    const file = await downloadObject(s3, bucket, dataKey(prefix, exportName, '2026-10'), scratch);
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    const schema = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`);
    const types = Object.fromEntries(
      schema.getRowObjectsJson().map((row) => [row.column_name, row.column_type]),
    );
    expect(types).toMatchObject({
      line_item_usage_start_date: 'TIMESTAMP',
      line_item_unblended_cost: 'DECIMAL(38,10)',
      resource_tags: 'MAP(VARCHAR, VARCHAR)',
      product: 'MAP(VARCHAR, VARCHAR)',
    });
    const kinds = await connection.runAndReadAll(
      `SELECT DISTINCT line_item_line_item_type AS kind FROM read_parquet('${file}') ORDER BY 1`,
    );
    expect(kinds.getRowObjectsJson().map((row) => row.kind)).toEqual([
      'DiscountedUsage',
      'RIFee',
      'SavingsPlanCoveredUsage',
      'SavingsPlanNegation',
      'SavingsPlanRecurringFee',
      'Tax',
      'Usage',
    ]);
  });

  it('serves a planted truncated file in place of the real one, which DuckDB then refuses', async () => {
    const { bucket, prefix, exportName } = simulator.company;
    const key = dataKey(prefix, exportName, '2026-09');
    const real = await objectBytes(s3, bucket, key);
    simulator.putObject(bucket, key, real.subarray(0, Math.floor(real.length / 2)));
    const listing = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: key }));
    expect(listing.Contents?.[0]?.Size).toBe(Math.floor(real.length / 2));
    const file = await downloadObject(s3, bucket, key, scratch);
    await expect(parquetSummary(file)).rejects.toThrow();
  });

  it('lets the current month grow as the clock moves: more line items, a new ETag', async () => {
    const { bucket, prefix, exportName } = simulator.company;
    const key = dataKey(prefix, exportName, '2026-11');
    const before = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    const earlier = await parquetSummary(await downloadObject(s3, bucket, key, scratch));
    clock.advance(2 * HOUR);
    const after = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    const later = await parquetSummary(await downloadObject(s3, bucket, key, scratch));
    expect(after.ETag).not.toBe(before.ETag);
    expect(after.LastModified?.getTime()).toBeGreaterThan(before.LastModified?.getTime() ?? 0);
    expect(later.unblended).toBeGreaterThan(earlier.unblended);
    expect(earlier.lastUsage).toBe('2026-11-22 07:55:00');
    expect(later.lastUsage).toBe('2026-11-22 09:55:00');
  });

  it('answers SlowDown when throttled', async () => {
    simulator.faults.throttle('s3', 1);
    const noRetry = simulatorClients(simulator, { maxAttempts: 1 }).s3;
    await expect(
      noRetry.send(new ListObjectsV2Command({ Bucket: simulator.company.bucket, Prefix: 'x/' })),
    ).rejects.toMatchObject({
      name: 'SlowDown',
      $metadata: { httpStatusCode: 503 },
    });
  });

  it('answers NoSuchKey and NoSuchBucket like S3', async () => {
    await expect(
      s3.send(new GetObjectCommand({ Bucket: simulator.company.bucket, Key: 'cur/nothing.parquet' })),
    ).rejects.toMatchObject({ name: 'NoSuchKey' });
    await expect(s3.send(new ListObjectsV2Command({ Bucket: 'someone-elses-bucket' }))).rejects.toMatchObject(
      { name: 'NoSuchBucket' },
    );
  });
});

describe('determinism', () => {
  it('generates byte-identical files for the same clock', async () => {
    const files: Buffer[][] = [];
    for (const run of [1, 2]) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `spendguard-aws-sim-determinism-${run}-`));
      const { simulator } = await startTestSimulator({ clock: testClock(), dataDir });
      const { s3 } = simulatorClients(simulator);
      const { bucket, prefix, exportName } = simulator.company;
      files.push(
        await Promise.all(
          ['2026-02', '2026-11'].map((period) =>
            objectBytes(s3, bucket, dataKey(prefix, exportName, period)),
          ),
        ),
      );
      await simulator.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(files[0]?.[0]?.equals(files[1]?.[0] ?? Buffer.alloc(0))).toBe(true);
    expect(files[0]?.[1]?.equals(files[1]?.[1] ?? Buffer.alloc(0))).toBe(true);
  });
});
