import { createHash } from 'node:crypto';
import { CUR_EXPORT, MANAGEMENT_ACCOUNT_ID } from '../company/company-profile.ts';
import type { CurExport, ExportObject } from '../cur/cur-export.ts';

export type StoredObject = ExportObject;

const exportRoot = `${CUR_EXPORT.prefix}/${CUR_EXPORT.exportName}/`;
const PARTITION_KEY = /\/BILLING_PERIOD=(\d{4}-\d{2})\//;

function overlaps(prefix: string, root: string): boolean {
  return root.startsWith(prefix) || prefix.startsWith(root);
}

/**
 * The simulated buckets: the company's export bucket, whose objects are generated on demand, plus
 * whatever tests plant (a truncated Parquet file, a missing manifest) on top of it.
 */
export class SimulatedBuckets {
  /** A `null` entry hides a generated object, as if it had been deleted. */
  private readonly planted = new Map<string, Map<string, StoredObject | null>>();

  constructor(
    private readonly curExport: CurExport,
    private readonly now: () => Date,
  ) {}

  bucketNames(): string[] {
    return [...new Set([CUR_EXPORT.bucket, ...this.planted.keys()])].sort();
  }

  exists(bucket: string): boolean {
    return bucket === CUR_EXPORT.bucket || this.planted.has(bucket);
  }

  /** Every bucket belongs to the management account: linked-account roles get AccessDenied. */
  ownerAccountId(): string {
    return MANAGEMENT_ACCOUNT_ID;
  }

  putObject(
    bucket: string,
    key: string,
    body: Uint8Array | string,
    contentType = 'application/octet-stream',
  ) {
    const bytes = Buffer.from(body);
    const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    this.bucket(bucket).set(key, {
      key,
      body: bytes,
      etag,
      lastModified: new Date(this.now().getTime()),
      contentType,
    });
  }

  deleteObject(bucket: string, key: string) {
    this.bucket(bucket).set(key, null);
  }

  async object(bucket: string, key: string): Promise<StoredObject | undefined> {
    const planted = this.planted.get(bucket)?.get(key);
    if (planted !== undefined) return planted ?? undefined;
    const generated = await this.generatedObjects(bucket, key);
    return generated.find((candidate) => candidate.key === key);
  }

  /** Objects under the prefix, sorted by key as S3 lists them. */
  async objects(bucket: string, prefix: string): Promise<StoredObject[]> {
    const byKey = new Map<string, StoredObject>();
    for (const object of await this.generatedObjects(bucket, prefix)) byKey.set(object.key, object);
    for (const [key, object] of this.planted.get(bucket) ?? []) {
      if (object === null) byKey.delete(key);
      else byKey.set(key, object);
    }
    return [...byKey.values()]
      .filter((object) => object.key.startsWith(prefix))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  private bucket(name: string): Map<string, StoredObject | null> {
    let objects = this.planted.get(name);
    if (!objects) {
      objects = new Map();
      this.planted.set(name, objects);
    }
    return objects;
  }

  /** Generates only the partitions the prefix (or key) can reach. */
  private async generatedObjects(bucket: string, prefixOrKey: string): Promise<StoredObject[]> {
    if (bucket !== CUR_EXPORT.bucket || !overlaps(prefixOrKey, exportRoot)) return [];
    const nowMs = this.now().getTime();
    const onePeriod = prefixOrKey.match(PARTITION_KEY)?.[1];
    const periods = this.curExport.periodsAt(nowMs).filter((period) => !onePeriod || period === onePeriod);
    // Started together, so DuckDB writes one month while the next month's rows are generated.
    const partitions = await Promise.all(periods.map((period) => this.curExport.partition(period, nowMs)));
    return partitions.flatMap((partition) => [partition.data, partition.manifest]);
  }
}
