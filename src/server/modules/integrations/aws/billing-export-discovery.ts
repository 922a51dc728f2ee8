import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type _Object, GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { ExportLocation } from '../../../../contracts/integrations.ts';
import { callFailure } from './aws-failure.ts';

/** One billing period of an export: the files to read and a fingerprint that changes when AWS redelivers. */
export interface ExportPeriod {
  period: string;
  fingerprint: string;
  keys: string[];
}

const DATA_FILE = /\.(parquet|csv|csv\.gz|csv\.zip)$/i;
/** CUR 2.0 / FOCUS Data Exports partition by BILLING_PERIOD=YYYY-MM; legacy CUR by YYYYMMDD-YYYYMMDD. */
const PARTITION = /BILLING_PERIOD=(\d{4})-?(\d{2})/;
const LEGACY_RANGE = /\/(\d{4})(\d{2})01-\d{8}\//;

function periodOf(key: string): string | undefined {
  const match = key.match(PARTITION) ?? key.match(LEGACY_RANGE);
  return match ? `${match[1]}-${match[2]}` : undefined;
}

async function listAll(s3: S3Client, location: ExportLocation): Promise<_Object[]> {
  const objects: _Object[] = [];
  let token: string | undefined;
  do {
    const page = await s3
      .send(
        new ListObjectsV2Command({
          Bucket: location.bucket,
          Prefix: location.prefix ? `${location.prefix}/` : undefined,
          ContinuationToken: token,
        }),
      )
      .catch((error) => {
        throw callFailure(error, `s3:ListBucket on s3://${location.bucket}/${location.prefix}`);
      });
    objects.push(...(page.Contents ?? []));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

async function readJson(s3: S3Client, bucket: string, key: string): Promise<Record<string, unknown>> {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key })).catch((error) => {
    throw callFailure(error, `s3:GetObject on s3://${bucket}/${key}`);
  });
  return JSON.parse((await answer.Body?.transformToString()) ?? '{}') as Record<string, unknown>;
}

/** Data files a manifest lists: `dataFiles` (Data Exports, s3:// URLs) or `reportKeys` (legacy CUR). */
function manifestKeys(manifest: Record<string, unknown>, bucket: string): string[] {
  const urls = (manifest.dataFiles ?? manifest.reportKeys ?? []) as string[];
  return urls.map((entry) => entry.replace(`s3://${bucket}/`, ''));
}

/**
 * Finds every billing period under the prefix. A manifest is trusted over a listing (AWS writes it
 * last and names the current files); without manifests, data files are grouped by partition.
 */
export async function discoverExportPeriods(s3: S3Client, location: ExportLocation): Promise<ExportPeriod[]> {
  const objects = await listAll(s3, location);
  const manifests = objects.filter((object) => object.Key?.endsWith('Manifest.json'));
  const etags = new Map(objects.map((object) => [object.Key ?? '', object.ETag ?? '']));
  const periods = new Map<string, ExportPeriod>();
  for (const manifest of manifests) {
    const key = manifest.Key ?? '';
    const period = periodOf(key);
    if (!period) continue;
    const keys = manifestKeys(await readJson(s3, location.bucket, key), location.bucket);
    // Legacy CUR keeps older assembly folders next to the newest: the latest manifest wins.
    const previous = periods.get(period);
    if (previous && previous.fingerprint > `${manifest.LastModified?.toISOString()}`) continue;
    // A redelivered data file changes the fingerprint even when the manifest stays the same.
    const dataTags = keys.map((dataKey) => etags.get(dataKey) ?? '');
    const fingerprint = [manifest.LastModified?.toISOString(), manifest.ETag, ...dataTags].join(' ');
    periods.set(period, { period, fingerprint, keys });
  }
  if (periods.size > 0) return [...periods.values()].sort((a, b) => a.period.localeCompare(b.period));
  for (const object of objects) {
    const key = object.Key ?? '';
    const period = periodOf(key);
    if (!period || !DATA_FILE.test(key)) continue;
    const entry = periods.get(period) ?? { period, fingerprint: '', keys: [] };
    entry.keys.push(key);
    entry.fingerprint += `${object.ETag}`;
    periods.set(period, entry);
  }
  return [...periods.values()].sort((a, b) => a.period.localeCompare(b.period));
}

/** Streams one object to a local file (DuckDB reads it there: httpfs cannot be installed). */
export async function downloadObject(
  s3: S3Client,
  bucket: string,
  key: string,
  folder: string,
): Promise<string> {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key })).catch((error) => {
    throw callFailure(error, `s3:GetObject on s3://${bucket}/${key}`);
  });
  const target = path.join(folder, `${fs.readdirSync(folder).length}-${path.basename(key)}`);
  await pipeline(answer.Body as Readable, fs.createWriteStream(target));
  return target;
}
