/**
 * What an idle NAT gateway, load balancer, database or public IPv4 address costs a month, and what
 * moving off a previous-generation type saves: the bill first, else a dated list-price table with its
 * source, else "price unknown" with the reason, never $0 (decisions 101 and 108).
 */

import { HOURS_PER_MONTH, roundToCents } from './money.ts';
import {
  type BilledMonth,
  billSource,
  fromBill,
  fromTable,
  STORAGE_PRICE_TABLE,
  type WasteCost,
} from './waste-prices.ts';

export const HOURLY_PRICE_TABLE_DATE = '2026-12-01';
const HOURLY_SOURCE =
  'aws.amazon.com/vpc/pricing (NAT gateway hour), aws.amazon.com/elasticloadbalancing/pricing (ALB and NLB hour), aws.amazon.com/rds/pricing (Single-AZ On-Demand instance hour)';

interface HourlyPrices {
  natGatewayHour: number;
  loadBalancerHour: { application: number; network: number };
}

/** On-demand hours by region as of HOURLY_PRICE_TABLE_DATE; a region not here has no table price. */
export const HOURLY_PRICE_TABLE: Record<string, HourlyPrices> = {
  'us-east-1': { natGatewayHour: 0.045, loadBalancerHour: { application: 0.0225, network: 0.0225 } },
  'us-east-2': { natGatewayHour: 0.045, loadBalancerHour: { application: 0.0225, network: 0.0225 } },
  'us-west-2': { natGatewayHour: 0.045, loadBalancerHour: { application: 0.0225, network: 0.0225 } },
  'eu-west-1': { natGatewayHour: 0.048, loadBalancerHour: { application: 0.0252, network: 0.0252 } },
  'eu-central-1': { natGatewayHour: 0.052, loadBalancerHour: { application: 0.027, network: 0.027 } },
};

/** RDS Single-AZ On-Demand instance hours in the US regions above (us-east-1, us-east-2, us-west-2). */
const RDS_US_HOURLY: Record<string, { mysql: number; postgres: number }> = {
  'db.t3.micro': { mysql: 0.017, postgres: 0.018 },
  'db.t3.small': { mysql: 0.034, postgres: 0.036 },
  'db.t3.medium': { mysql: 0.068, postgres: 0.072 },
  'db.t4g.medium': { mysql: 0.065, postgres: 0.065 },
  'db.m5.large': { mysql: 0.171, postgres: 0.178 },
  'db.m6g.large': { mysql: 0.152, postgres: 0.159 },
  'db.r5.large': { mysql: 0.24, postgres: 0.25 },
  'db.r6g.large': { mysql: 0.215, postgres: 0.225 },
  'db.r6g.xlarge': { mysql: 0.43, postgres: 0.45 },
  'db.r6g.2xlarge': { mysql: 0.861, postgres: 0.899 },
};
const RDS_TABLE_REGIONS = new Set(['us-east-1', 'us-east-2', 'us-west-2']);

export interface PricedIdleService {
  kind: string;
  region: string;
  loadBalancerType?: 'application' | 'network';
  instanceClass?: string;
  engine?: string;
  /** A previous-generation instance: list price an hour of its type and of the proposed one (us-east-1). */
  listHourlyNow?: number;
  listHourlyAfter?: number;
}

const hourlySource = (region: string) =>
  `list price for ${region} as of ${HOURLY_PRICE_TABLE_DATE} (${HOURLY_SOURCE})`;
const noTable = (region: string, what: string) =>
  `no bill line for it yet, and the price table (${HOURLY_PRICE_TABLE_DATE}) has no ${what} price for ${region}`;

function databaseCost(finding: PricedIdleService): WasteCost {
  const engine =
    finding.engine?.includes('mysql') || finding.engine?.includes('maria') ? 'mysql' : 'postgres';
  const price = RDS_TABLE_REGIONS.has(finding.region)
    ? RDS_US_HOURLY[finding.instanceClass ?? '']?.[engine]
    : undefined;
  if (price === undefined)
    return { known: false, reason: noTable(finding.region, `${finding.instanceClass} ${finding.engine}`) };
  return fromTable(price * HOURS_PER_MONTH, finding.region, hourlySource(finding.region));
}

/** What moving to the proposed type saves: the bill scaled by the two list prices, else their difference. */
function instanceMoveCost(finding: PricedIdleService, billed: BilledMonth | null): WasteCost {
  const { listHourlyNow: now, listHourlyAfter: after } = finding;
  if (now === undefined || after === undefined || now <= 0)
    return { known: false, reason: 'the instance catalog prices one of the two types nowhere' };
  if (billed)
    return {
      known: true,
      monthlyUsd: roundToCents(billed.monthlyUsd * (1 - after / now)),
      basis: 'bill',
      source: `${billSource(billed)}, less the share the us-east-1 list prices of the two types say the move saves`,
    };
  if (finding.region !== 'us-east-1')
    return {
      known: false,
      reason: `no bill line for it yet, and the shipped instance catalog prices us-east-1 only, not ${finding.region}`,
    };
  return fromTable(
    (now - after) * HOURS_PER_MONTH,
    finding.region,
    'us-east-1 On-Demand Linux list prices of the shipped instance catalog (data-catalog/SOURCES.md)',
  );
}

/** A month of the idle resource (the bill's figure when it was billed a whole month), or the move's saving. */
export function idleServiceMonthlySavings(finding: PricedIdleService, billed: BilledMonth | null): WasteCost {
  if (finding.kind === 'previous-generation') return instanceMoveCost(finding, billed);
  if (billed) return fromBill(billed);
  const hourly = HOURLY_PRICE_TABLE[finding.region];
  switch (finding.kind) {
    case 'idle-nat-gateway':
      if (!hourly) return { known: false, reason: noTable(finding.region, 'NAT gateway') };
      return fromTable(hourly.natGatewayHour * HOURS_PER_MONTH, finding.region, hourlySource(finding.region));
    case 'idle-load-balancer':
      if (!hourly) return { known: false, reason: noTable(finding.region, 'load balancer') };
      return fromTable(
        hourly.loadBalancerHour[finding.loadBalancerType ?? 'application'] * HOURS_PER_MONTH,
        finding.region,
        hourlySource(finding.region),
      );
    case 'idle-database':
      return databaseCost(finding);
    case 'idle-public-ip': {
      const storage = STORAGE_PRICE_TABLE[finding.region];
      if (!storage) return { known: false, reason: noTable(finding.region, 'public IPv4') };
      return fromTable(storage.publicIpv4Hour * HOURS_PER_MONTH, finding.region);
    }
    default:
      return { known: false, reason: `no price rule for ${finding.kind}` };
  }
}
