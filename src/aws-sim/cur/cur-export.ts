import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DuckDBInstance } from '@duckdb/node-api';
import { fileSystemNow } from '../cache-file-ages.ts';
import { billingPeriodLineItemsBetweenTurns } from '../company/billing-period-line-items.ts';
import type { CompanyModel } from '../company/company-model.ts';
import { CUR_EXPORT, MANAGEMENT_ACCOUNT_ID } from '../company/company-profile.ts';
import {
  addUtcMonths,
  billingPeriodStart,
  billingPeriodsAt,
  dataCutoff,
  HOUR_MS,
} from '../company/timeline.ts';
import { buildManifest } from './manifest.ts';
import { writeCurParquet } from './parquet-writer.ts';

export interface ExportObject {
  key: string;
  body: Buffer;
  etag: string;
  lastModified: Date;
  contentType: string;
}

export interface ExportPartition {
  period: string;
  parquetPath: string;
  data: ExportObject;
  manifest: ExportObject;
}

const SUPERSEDED_FILE_GRACE_MS = 2 * 60_000;
const exportRoot = `${CUR_EXPORT.prefix}/${CUR_EXPORT.exportName}`;

export function dataKeyOf(period: string): string {
  return `${exportRoot}/data/BILLING_PERIOD=${period}/${CUR_EXPORT.exportName}-00001.snappy.parquet`;
}

export function manifestKeyOf(period: string): string {
  return `${exportRoot}/metadata/BILLING_PERIOD=${period}/${CUR_EXPORT.exportName}-Manifest.json`;
}

function exportObject(key: string, body: Buffer, lastModified: number, contentType: string): ExportObject {
  const etag = `"${createHash('md5').update(body).digest('hex')}"`;
  return { key, body, etag, lastModified: new Date(lastModified), contentType };
}

/**
 * The CUR 2.0 export of the fictional company, generated lazily per billing period and cached: a
 * closed month is generated once, the current month again whenever new spend has landed.
 */
export class CurExport {
  private readonly partitions = new Map<string, Promise<ExportPartition>>();

  constructor(
    private readonly model: CompanyModel,
    private readonly duckdb: DuckDBInstance,
    private readonly cacheDir: string,
    /** False when other processes share cacheDir: a CI run saw a test file read a month another had removed. */
    private readonly options: { removeSuperseded: boolean } = { removeSuperseded: true },
  ) {}

  /** Removes cached files nothing has generated for a week (older anchors, superseded months). */
  async pruneStaleFiles(maxAgeMs = 7 * 24 * HOUR_MS): Promise<void> {
    const names = await readdir(this.cacheDir).catch(() => []);
    if (names.length === 0) return;
    const oldest = (await fileSystemNow(this.cacheDir)).getTime() - maxAgeMs;
    for (const name of names.filter((candidate) => candidate.startsWith('cur-'))) {
      const file = path.join(this.cacheDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < oldest) await rm(file, { force: true });
    }
  }

  periodsAt(nowMs: number): string[] {
    return billingPeriodsAt(nowMs);
  }

  partition(period: string, nowMs: number): Promise<ExportPartition> {
    const periodStart = billingPeriodStart(period);
    const periodEnd = addUtcMonths(periodStart, 1);
    const cutoff = Math.min(periodEnd, dataCutoff(nowMs));
    const cacheKey = `${period}@${cutoff}`;
    let pending = this.partitions.get(cacheKey);
    if (!pending) {
      pending = this.generate(period, periodStart, periodEnd, cutoff);
      pending.catch(() => this.partitions.delete(cacheKey));
      this.partitions.set(cacheKey, pending);
      this.forgetOlderCutoffs(period, cacheKey);
    }
    return pending;
  }

  /**
   * The current month is rewritten at every refresh; its superseded files are removed a little later,
   * so a Cost Explorer query still reading one is not cut short and a running demo does not fill the disk.
   */
  private forgetOlderCutoffs(period: string, keep: string) {
    for (const [key, superseded] of this.partitions) {
      if (!key.startsWith(`${period}@`) || key === keep) continue;
      this.partitions.delete(key);
      if (!this.options.removeSuperseded) continue;
      superseded
        .then((partition) => {
          setTimeout(() => void this.removeIfUnused(partition.parquetPath), SUPERSEDED_FILE_GRACE_MS).unref();
        })
        .catch(() => undefined);
    }
  }

  private async removeIfUnused(parquetPath: string) {
    const inUse = await Promise.all(
      [...this.partitions.values()].map((pending) =>
        pending.then(
          (p) => p.parquetPath,
          () => '',
        ),
      ),
    );
    if (!inUse.includes(parquetPath)) await rm(parquetPath, { force: true });
  }

  private async generate(
    period: string,
    start: number,
    end: number,
    cutoff: number,
  ): Promise<ExportPartition> {
    await mkdir(this.cacheDir, { recursive: true });
    const rows = await billingPeriodLineItemsBetweenTurns(this.model, period, cutoff);
    const payer = { start, end, payerAccountId: MANAGEMENT_ACCOUNT_ID };
    const parquetPath = await writeCurParquet(this.duckdb, rows, payer, this.cacheDir);
    // A finished month is finalized by AWS a few hours after it ends; the current one at each refresh.
    const deliveredAt = cutoff >= end ? end + 6 * HOUR_MS : cutoff;
    const dataKey = dataKeyOf(period);
    const data = exportObject(dataKey, await readFile(parquetPath), deliveredAt, 'application/octet-stream');
    const manifestBody = buildManifest({
      period,
      periodStart: start,
      periodEnd: end,
      dataKeys: [dataKey],
      deliveredAt,
    });
    const manifest = exportObject(
      manifestKeyOf(period),
      Buffer.from(manifestBody),
      deliveredAt,
      'application/json',
    );
    return { period, parquetPath, data, manifest };
  }
}
