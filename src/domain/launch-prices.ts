/**
 * What a launched resource costs an hour, on demand, before any discount. EC2 comes from the
 * catalog (a lookup the caller passes in: the shipped catalog, or the Price List API when enabled).
 * NAT gateways and RDS come from the small tables below; anything else is "price unknown" with the
 * reason, never a guess. Savings Plans, reservations and spot prices are not known here.
 */

import type { LaunchResource } from './launch-changes.ts';

/** On-demand Linux USD an hour for one instance of the type in the region, or undefined. */
export type Ec2PriceLookup = (instanceType: string, region: string) => number | undefined;

export type HourlyPrice =
  | { status: 'priced'; usdPerHour: number; source: 'catalog' | 'price-table' }
  | { status: 'unknown'; reason: string };

/**
 * NAT gateway hours (the per-GB processing charge depends on traffic and is not counted).
 * Source: aws.amazon.com/vpc/pricing, "NAT Gateway pricing", on-demand per hour, checked 2025.
 */
export const NAT_GATEWAY_USD_PER_HOUR: Readonly<Record<string, number>> = {
  'us-east-1': 0.045,
  'us-east-2': 0.045,
  'us-west-1': 0.048,
  'us-west-2': 0.045,
  'eu-west-1': 0.048,
  'eu-central-1': 0.052,
  'ap-southeast-1': 0.059,
  'ap-northeast-1': 0.062,
};

/**
 * RDS Single-AZ on-demand instance hours in us-east-1 (storage and I/O not counted), for the
 * engines most launches use. Multi-AZ deployments cost twice the Single-AZ rate.
 * Source: aws.amazon.com/rds/postgresql/pricing and /rds/mysql/pricing, us-east-1, checked 2025.
 */
export const RDS_USD_PER_HOUR_US_EAST_1: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  postgres: {
    'db.t3.micro': 0.018,
    'db.t3.medium': 0.072,
    'db.m5.large': 0.178,
    'db.m5.xlarge': 0.356,
    'db.m6g.large': 0.159,
    'db.r5.large': 0.25,
    'db.r6g.large': 0.225,
    'db.r6g.2xlarge': 0.899,
  },
  mysql: {
    'db.t3.micro': 0.017,
    'db.t3.medium': 0.068,
    'db.m5.large': 0.171,
    'db.m5.xlarge': 0.342,
    'db.m6g.large': 0.152,
    'db.r5.large': 0.24,
    'db.r6g.large': 0.215,
    'db.r6g.2xlarge': 0.86,
  },
};

function unknown(reason: string): HourlyPrice {
  return { status: 'unknown', reason };
}

function rdsPrice(resource: LaunchResource, region: string): HourlyPrice {
  if (!resource.type) return unknown('The event does not name the DB instance class.');
  if (region !== 'us-east-1') return unknown(`RDS prices are known for us-east-1 only, not ${region}.`);
  const engine = (resource.engine ?? 'postgres').replace(/^aurora-/, '');
  const perHour = RDS_USD_PER_HOUR_US_EAST_1[engine]?.[resource.type];
  if (perHour === undefined) return unknown(`No price for ${resource.type} (${engine}) in the RDS table.`);
  return { status: 'priced', usdPerHour: perHour * (resource.multiAz ? 2 : 1), source: 'price-table' };
}

/** The hourly price of one unit of the resource (the caller multiplies by the count). */
export function hourlyPriceOf(
  resource: LaunchResource,
  region: string,
  lookupEc2: Ec2PriceLookup,
): HourlyPrice {
  switch (resource.kind) {
    case 'ec2-instance': {
      if (!resource.type) return unknown('The event does not name the instance type.');
      const perHour = lookupEc2(resource.type, region);
      return perHour === undefined
        ? unknown(`${resource.type} in ${region} is not in the price catalog.`)
        : { status: 'priced', usdPerHour: perHour, source: 'catalog' };
    }
    case 'nat-gateway': {
      const perHour = NAT_GATEWAY_USD_PER_HOUR[region];
      return perHour === undefined
        ? unknown(`No NAT gateway price for ${region}.`)
        : { status: 'priced', usdPerHour: perHour, source: 'price-table' };
    }
    case 'rds-instance':
      return rdsPrice(resource, region);
    case 'auto-scaling-group':
      // Its instances arrive as RunInstances events of their own and are priced there.
      return unknown('An Auto Scaling group is priced through the instances it launches.');
  }
}
