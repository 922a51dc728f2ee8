import { pricedInstanceType } from '../../catalog/ec2-instance-catalog.ts';
import { COMPANY_REGIONS, type CompanyRegion } from './company-profile.ts';
import type { SimDatabase } from './databases.ts';
import type { FleetInstance } from './fleet.ts';
import type { SimNatGateway } from './network-services.ts';
import { DAY_MS } from './timeline.ts';
import type { SimVolume } from './waste.ts';
import { VOLUME_USD_PER_GB_MONTH } from './waste-line-items.ts';

/**
 * What Compute Optimizer's idle recommendations say about the company, judged from the same fleet,
 * volumes, databases and gateways the bill and the describe calls show, by AWS's published idle
 * criteria as the simulator stands them in: an instance whose CPU never passed 5% and that moved under
 * 5 MB a day over 14 days (stop it); a volume unattached for the whole 32-day look-back (delete it);
 * a database nobody connected to in 14 days (stop it); a NAT gateway that forwarded nothing in 32 days
 * (delete it). Savings are On-Demand list prices x 730 hours, scaled by the region's price factor.
 */

const HOURS_PER_MONTH = 730;
const INSTANCE_LOOK_BACK_DAYS = 14;
const ATTACHMENT_LOOK_BACK_DAYS = 32;
const IDLE_CPU_PEAK_PERCENT = 5;
const IDLE_NETWORK_BYTES_PER_DAY = 5_000_000;
/** Bytes out are about 70% of bytes in (`fleet.ts`). */
const NETWORK_OUT_SHARE = 0.7;
/** NatGateway-Hours in us-east-1 (the AWS VPC pricing page). */
const NAT_GATEWAY_USD_PER_HOUR = 0.045;

export type IdleResourceType = 'EC2Instance' | 'EBSVolume' | 'RDSDBInstance' | 'NatGateway';

export interface SimIdleRecommendation {
  resourceArn: string;
  resourceId: string;
  resourceType: IdleResourceType;
  accountId: string;
  region: string;
  finding: 'Idle' | 'Unattached';
  description: string;
  metrics: Array<{ name: string; value: number }>;
  lookBackDays: number;
  monthlySavingsUsd: number | null;
  tags: Record<string, string>;
}

export interface IdleSources {
  fleet: FleetInstance[];
  volumes: SimVolume[];
  databases: SimDatabase[];
  natGateways: SimNatGateway[];
  /** GB a NAT gateway processes a day: a generated one's own figure, the company's from its bill line. */
  natGatewayGbPerDay: (gateway: SimNatGateway) => number;
}

const factorOf = (region: string) => COMPANY_REGIONS[region as CompanyRegion]?.priceFactor ?? 1;
const monthly = (hourlyUsd: number, region: string) =>
  Math.round(hourlyUsd * HOURS_PER_MONTH * factorOf(region) * 100) / 100;

function idleInstances(fleet: FleetInstance[], nowMs: number): SimIdleRecommendation[] {
  return fleet
    .filter(
      (instance) =>
        !instance.terminated &&
        (instance.stoppedAt === undefined || instance.stoppedAt > nowMs) &&
        nowMs - instance.launchTime > INSTANCE_LOOK_BACK_DAYS * DAY_MS &&
        instance.cpuPeak < IDLE_CPU_PEAK_PERCENT &&
        instance.networkBytesPerHour * (1 + NETWORK_OUT_SHARE) * 24 < IDLE_NETWORK_BYTES_PER_DAY,
    )
    .map((instance) => ({
      resourceArn: `arn:aws:ec2:${instance.region}:${instance.accountId}:instance/${instance.instanceId}`,
      resourceId: instance.instanceId,
      resourceType: 'EC2Instance',
      accountId: instance.accountId,
      region: instance.region,
      finding: 'Idle',
      description: `Peak CPU under ${IDLE_CPU_PEAK_PERCENT}% and network I/O under 5 MB a day over ${INSTANCE_LOOK_BACK_DAYS} days: stop the instance.`,
      metrics: [
        { name: 'CPU', value: instance.cpuPeak },
        {
          name: 'NetworkInBytesPerSecond',
          value: Math.round((instance.networkBytesPerHour / 3600) * 100) / 100,
        },
      ],
      lookBackDays: INSTANCE_LOOK_BACK_DAYS,
      monthlySavingsUsd: monthly(pricedInstanceType(instance.instanceType).hourlyPriceUsd, instance.region),
      tags: { ...instance.tags, Name: instance.name },
    }));
}

function unattachedVolumes(volumes: SimVolume[], nowMs: number): SimIdleRecommendation[] {
  const since = nowMs - ATTACHMENT_LOOK_BACK_DAYS * DAY_MS;
  return volumes
    .filter(
      (volume) =>
        volume.attachedTo === undefined &&
        (volume.deletedAt === undefined || volume.deletedAt > nowMs) &&
        volume.createTime < since,
    )
    .map((volume) => {
      const perGbMonth = VOLUME_USD_PER_GB_MONTH[volume.volumeType];
      return {
        resourceArn: `arn:aws:ec2:${volume.region}:${volume.accountId}:volume/${volume.volumeId}`,
        resourceId: volume.volumeId,
        resourceType: 'EBSVolume',
        accountId: volume.accountId,
        region: volume.region,
        finding: 'Unattached',
        description: `Not attached to an instance for ${ATTACHMENT_LOOK_BACK_DAYS} days: delete the volume, after a snapshot if its data matters.`,
        metrics: [],
        lookBackDays: ATTACHMENT_LOOK_BACK_DAYS,
        monthlySavingsUsd:
          perGbMonth === undefined
            ? null
            : Math.round(volume.sizeGb * perGbMonth * factorOf(volume.region) * 100) / 100,
        tags: { ...volume.tags, ...(volume.name ? { Name: volume.name } : {}) },
      };
    });
}

function idleDatabases(databases: SimDatabase[], nowMs: number): SimIdleRecommendation[] {
  return databases
    .filter(
      (database) =>
        database.status === 'available' &&
        database.peakConnections === 0 &&
        nowMs - database.createdAt > INSTANCE_LOOK_BACK_DAYS * DAY_MS,
    )
    .map((database) => ({
      resourceArn: database.arn,
      resourceId: database.identifier,
      resourceType: 'RDSDBInstance',
      accountId: database.accountId,
      region: database.region,
      finding: 'Idle',
      description: `No database connections over ${INSTANCE_LOOK_BACK_DAYS} days: stop the DB instance, or delete it after a final snapshot.`,
      metrics: [{ name: 'DatabaseConnections', value: 0 }],
      lookBackDays: INSTANCE_LOOK_BACK_DAYS,
      monthlySavingsUsd: monthly(database.onDemandUsdPerHour, database.region),
      tags: { ...database.tags },
    }));
}

function idleGateways(sources: IdleSources, nowMs: number): SimIdleRecommendation[] {
  return sources.natGateways
    .filter(
      (gateway) =>
        sources.natGatewayGbPerDay(gateway) === 0 &&
        nowMs - gateway.createdAt > ATTACHMENT_LOOK_BACK_DAYS * DAY_MS,
    )
    .map((gateway) => ({
      resourceArn: `arn:aws:ec2:${gateway.region}:${gateway.accountId}:natgateway/${gateway.natGatewayId}`,
      resourceId: gateway.natGatewayId,
      resourceType: 'NatGateway',
      accountId: gateway.accountId,
      region: gateway.region,
      finding: 'Idle',
      description: `No active connections and no bytes forwarded over ${ATTACHMENT_LOOK_BACK_DAYS} days: delete the NAT gateway.`,
      metrics: [{ name: 'ActiveConnectionCount', value: 0 }],
      lookBackDays: ATTACHMENT_LOOK_BACK_DAYS,
      monthlySavingsUsd: monthly(NAT_GATEWAY_USD_PER_HOUR, gateway.region),
      tags: { ...gateway.tags, Name: gateway.name },
    }));
}

/** The idle recommendations of one account and region, in a stable order (by resource ARN). */
export function idleRecommendations(
  sources: IdleSources,
  accountId: string,
  region: string,
  nowMs: number,
): SimIdleRecommendation[] {
  return [
    ...idleInstances(sources.fleet, nowMs),
    ...unattachedVolumes(sources.volumes, nowMs),
    ...idleDatabases(sources.databases, nowMs),
    ...idleGateways(sources, nowMs),
  ]
    .filter((found) => found.accountId === accountId && found.region === region)
    .sort((a, b) => a.resourceArn.localeCompare(b.resourceArn));
}
