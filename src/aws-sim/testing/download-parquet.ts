import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/** A scratch folder for downloads; remove it when the test file is done. */
export function scratchDirectory(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'spendguard-aws-sim-download-'));
}

/** Fetches an object through the SDK to a local file, as the ingestion does before DuckDB reads it. */
export async function downloadObject(
  s3: S3Client,
  bucket: string,
  key: string,
  directory: string,
): Promise<string> {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const bytes = await answer.Body?.transformToByteArray();
  if (!bytes) throw new Error(`s3://${bucket}/${key} came back empty`);
  const file = path.join(directory, `${randomUUID()}-${path.basename(key)}`);
  await writeFile(file, bytes);
  return file;
}

export function dataKey(prefix: string, exportName: string, period: string): string {
  return `${prefix}/${exportName}/data/BILLING_PERIOD=${period}/${exportName}-00001.snappy.parquet`;
}

export function manifestKey(prefix: string, exportName: string, period: string): string {
  return `${prefix}/${exportName}/metadata/BILLING_PERIOD=${period}/${exportName}-Manifest.json`;
}
