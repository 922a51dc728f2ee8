import { instanceCatalog } from '../../../catalog/ec2-instance-catalog.ts';
import {
  type IdleServiceSettings,
  judgeDatabase,
  judgeLoadBalancer,
  judgeNatGateway,
  judgePublicInterface,
} from '../../../domain/idle-service-findings.ts';
import { idleServiceMonthlySavings, type PricedIdleService } from '../../../domain/idle-service-prices.ts';
import { previousGenerationAdvice } from '../../../domain/previous-generation.ts';
import type { WasteKind } from '../../../domain/waste-findings.ts';
import type { BilledMonth, WasteCost } from '../../../domain/waste-prices.ts';
import type { WasteResourceRow } from './waste-inventory.repository.ts';

// The findings of decision 108 and 109 from one account's stored resources: each judged by its pure
// rule, named by the key the bill knows it by, priced bill first.

export type IdleServiceKind =
  | 'idle-nat-gateway'
  | 'idle-load-balancer'
  | 'idle-database'
  | 'idle-public-ip'
  | 'previous-generation';

export interface JudgedResource {
  kind: IdleServiceKind | WasteKind;
  row: WasteResourceRow;
  name: string | null;
  why: string;
  createdAt: Date | null;
  /** What the bill names the resource by (the last part of its ARN): an id, or a database's ARN. */
  billingKey: string;
  price: (billed: BilledMonth | null) => WasteCost;
  resource: { type: 'rds-db-instance'; account_id: string; region: string; id: string } | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown) => (typeof value === 'number' ? value : null);
const attributes = (row: WasteResourceRow) => row.attributes as Record<string, unknown>;
const tags = (row: WasteResourceRow) => row.tags as Record<string, string>;
const createdOf = (row: WasteResourceRow, field: string) => {
  const value = text(attributes(row)[field]);
  return value ? new Date(value) : row.observed_at;
};
const priced = (finding: PricedIdleService) => (billed: BilledMonth | null) =>
  idleServiceMonthlySavings(finding, billed);

function judged(
  kind: IdleServiceKind,
  row: WasteResourceRow,
  verdict: { why: string } | null,
  extra: Partial<JudgedResource> & { createdAt: Date | null },
): JudgedResource[] {
  if (!verdict) return [];
  return [
    {
      kind,
      row,
      name: tags(row).Name ?? null,
      why: verdict.why,
      billingKey: row.resource_id,
      price: priced({ kind, region: row.region }),
      resource: null,
      ...extra,
    },
  ];
}

function natGateway(row: WasteResourceRow, settings: IdleServiceSettings, now: Date) {
  const createdAt = createdOf(row, 'createTime');
  const verdict = judgeNatGateway(
    { natGatewayId: row.resource_id, createdAt, processedBytes: num(attributes(row).processedBytes) },
    settings,
    now,
  );
  return judged('idle-nat-gateway', row, verdict, { createdAt });
}

function loadBalancer(row: WasteResourceRow, settings: IdleServiceSettings, now: Date) {
  const a = attributes(row);
  const createdAt = createdOf(row, 'createTime');
  const type = a.type === 'network' ? 'network' : 'application';
  const verdict = judgeLoadBalancer(
    {
      arn: row.resource_id,
      name: text(a.name) ?? row.resource_id,
      type,
      createdAt,
      registeredTargets: num(a.registeredTargets) ?? 0,
      healthyTargets: num(a.healthyTargets) ?? 0,
      requests: num(a.requests) ?? 0,
    },
    settings,
    now,
  );
  return judged('idle-load-balancer', row, verdict, {
    createdAt,
    name: text(a.name),
    billingKey: row.resource_id.slice(row.resource_id.lastIndexOf('/') + 1),
    price: priced({ kind: 'idle-load-balancer', region: row.region, loadBalancerType: type }),
  });
}

function database(row: WasteResourceRow, settings: IdleServiceSettings) {
  const a = attributes(row);
  const instanceClass = text(a.instanceClass) ?? 'unknown';
  const engine = text(a.engine) ?? 'unknown';
  const verdict = judgeDatabase(
    {
      identifier: row.resource_id,
      instanceClass,
      engine,
      status: text(a.status) ?? 'unknown',
      daysWithoutConnections: num(a.daysWithoutConnections) ?? 0,
    },
    settings,
  );
  return judged('idle-database', row, verdict, {
    createdAt: createdOf(row, 'createTime'),
    name: row.resource_id,
    billingKey: text(a.arn) ?? row.resource_id,
    price: priced({ kind: 'idle-database', region: row.region, instanceClass, engine }),
    resource: {
      type: 'rds-db-instance',
      account_id: row.account_id,
      region: row.region,
      id: row.resource_id,
    },
  });
}

function publicInterface(row: WasteResourceRow, instanceStates: Map<string, string>) {
  const a = attributes(row);
  const instanceId = text(a.instanceId);
  const allocationId = text(a.allocationId);
  const verdict = judgePublicInterface({
    networkInterfaceId: row.resource_id,
    publicIp: text(a.publicIp) ?? '',
    allocationId,
    instanceId,
    instanceState: instanceId ? (instanceStates.get(instanceId) ?? null) : null,
  });
  // An Elastic IP is billed under its allocation; an auto-assigned address under the interface.
  return judged('idle-public-ip', row, verdict, {
    createdAt: null,
    billingKey: allocationId ?? row.resource_id,
  });
}

function previousGeneration(row: WasteResourceRow) {
  const a = attributes(row);
  if (a.state !== 'running') return [];
  const catalog = instanceCatalog();
  const current = catalog.find((spec) => spec.type === a.instanceType);
  const advice = current ? previousGenerationAdvice(current, catalog) : null;
  return judged('previous-generation', row, advice, {
    createdAt: createdOf(row, 'launchTime'),
    price: priced({
      kind: 'previous-generation',
      region: row.region,
      listHourlyNow: current?.hourlyPriceUsd ?? undefined,
      listHourlyAfter: advice?.candidate.hourlyPriceUsd ?? undefined,
    }),
  });
}

/** Every idle-service and previous-generation finding of one account's stored resources. */
export function idleServiceJudgements(
  rows: readonly WasteResourceRow[],
  settings: IdleServiceSettings,
  now: Date,
): JudgedResource[] {
  const instanceStates = new Map(
    rows
      .filter((row) => row.resource_type === 'instance')
      .map((row) => [row.resource_id, text(attributes(row).state) ?? 'unknown']),
  );
  return rows.flatMap((row) => {
    switch (row.resource_type) {
      case 'nat-gateway':
        return natGateway(row, settings, now);
      case 'load-balancer':
        return loadBalancer(row, settings, now);
      case 'rds-db-instance':
        return database(row, settings);
      case 'network-interface':
        return publicInterface(row, instanceStates);
      case 'instance':
        return previousGeneration(row);
      default:
        return [];
    }
  });
}
