import { ACCOUNTS, MANAGEMENT_ACCOUNT_ID } from './company-profile.ts';
import { tagsOf } from './family-line-items.ts';
import type { ResourceTags } from './line-item.ts';
import { RDS_RESERVATION } from './rds-reservation.ts';
import type { ResourceFamily } from './resource-family.ts';
import { between } from './seeded-random.ts';
import { DAY_MS } from './timeline.ts';

/** An RDS DB instance: what DescribeDBInstances lists and CloudWatch's AWS/RDS counts for it. */
export interface SimDatabase {
  identifier: string;
  arn: string;
  accountId: string;
  region: string;
  instanceClass: string;
  engine: string;
  storageGb: number;
  createdAt: number;
  /** `available` or `stopped`, and the states between that a test may hold. */
  status: 'available' | 'stopped' | 'stopping' | 'starting' | 'modifying';
  tags: ResourceTags;
  /** The most connections it holds in an hour; 0: nobody connects. */
  peakConnections: number;
  /** Its instance hour On-Demand in us-east-1 (the region's price factor applies), as the bill charges it. */
  onDemandUsdPerHour: number;
}

/** RDS's billing operation codes of the engines the company runs. */
const ENGINES: Record<string, string> = {
  'CreateDBInstance:0002': 'mysql',
  'CreateDBInstance:0014': 'postgres',
};
/** Databases nobody connects to (`families-idle.ts`). */
const IDLE = new Set(['reports-replica-db']);

function familyDatabases(family: ResourceFamily, anchorDay: number): SimDatabase[] {
  const instanceLine = family.usage.find((line) => line.usageType.startsWith('InstanceUsage:'));
  const storageLine = family.usage.find((line) => /Storage$/.test(line.usageType));
  if (!instanceLine || !family.resourceId) return [];
  const accountId = ACCOUNTS[family.account].id;
  return family.names.map((name, index) => ({
    identifier: name,
    arn: family.resourceId!(name, accountId, family.region),
    accountId,
    region: family.region,
    instanceClass: instanceLine.usageType.slice('InstanceUsage:'.length),
    engine: ENGINES[instanceLine.operation] ?? 'postgres',
    storageGb: Math.round((storageLine?.unitsPerDay ?? 3) * 30),
    createdAt: anchorDay - (420 + index * 30) * DAY_MS,
    status: 'available',
    tags: tagsOf(family, index),
    peakConnections: IDLE.has(name) ? 0 : Math.round(between(`connections:${name}`, 12, 80)),
    onDemandUsdPerHour: instanceLine.usdPerUnit,
  }));
}

/** The company's databases: those of its RDS families and the two the reservation covers. */
export function companyDatabases(families: ResourceFamily[], anchorDay: number): SimDatabase[] {
  const reserved: SimDatabase[] = RDS_RESERVATION.databases.map((name) => ({
    identifier: name,
    arn: `arn:aws:rds:us-east-1:${MANAGEMENT_ACCOUNT_ID}:db:${name}`,
    accountId: MANAGEMENT_ACCOUNT_ID,
    region: 'us-east-1',
    instanceClass: RDS_RESERVATION.instanceType,
    engine: 'postgres',
    storageGb: 500,
    createdAt: anchorDay - RDS_RESERVATION.boughtDaysBeforeAnchor * DAY_MS,
    status: 'available',
    tags: { team: 'payments', project: 'ledger', env: 'production' },
    peakConnections: Math.round(between(`connections:${name}`, 120, 300)),
    onDemandUsdPerHour: RDS_RESERVATION.onDemandUsdPerHour,
  }));
  return [
    ...families
      .filter((family) => family.productCode === 'AmazonRDS')
      .flatMap((f) => familyDatabases(f, anchorDay)),
    ...reserved,
  ];
}

/** Connections in one hour: a share of the peak that moves with the hour, 0 for a database nobody uses. */
export function connectionsAt(database: SimDatabase, hourMs: number): number {
  if (database.peakConnections === 0 || database.status === 'stopped') return 0;
  return Math.round(database.peakConnections * between(`db-hour:${database.identifier}:${hourMs}`, 0.35, 1));
}
