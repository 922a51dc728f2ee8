import { ids, type ResourceFamily } from './resource-family.ts';
import { hexFor } from './seeded-random.ts';

/**
 * Networking and databases nobody uses any more, billed by the hour all the same: a staging NAT
 * gateway that forwards a few megabytes a day, a staging load balancer whose targets are gone, a
 * partner feed's Network Load Balancer that sees a handful of flows a day, and a reporting database
 * nobody connects to. Their metrics (`load-balancers.ts`, `databases.ts`, `nat-gateway-traffic.ts`)
 * follow these lines, so the finders and the bill agree.
 */
// biome-ignore format: one usage line per row reads as a price list
export const IDLE_FAMILIES: ResourceFamily[] = [
  {
    productCode: 'AmazonEC2',
    productName: 'Amazon Elastic Compute Cloud',
    account: 'staging',
    region: 'us-east-1',
    names: ['staging-nat-a'],
    resourceId: (name, accountId, region) =>
      `arn:aws:ec2:${region}:${accountId}:natgateway/nat-0${hexFor(`nat:${name}`, 16)}`,
    usage: [
      { usageType: 'NatGateway-Hours', operation: 'NatGateway', usdPerUnit: 0.045, unitsPerDay: 24, scaling: 'exact' },
      { usageType: 'NatGateway-Bytes', operation: 'NatGateway', usdPerUnit: 0.045, unitsPerDay: 0.04, scaling: 'exact' },
    ],
    team: 'platform',
    project: 'shared-network',
  },
  {
    productCode: 'AWSELB',
    productName: 'Elastic Load Balancing',
    account: 'staging',
    region: 'us-east-1',
    names: ['alb-staging-old'],
    resourceId: (name, accountId, region) =>
      `arn:aws:elasticloadbalancing:${region}:${accountId}:loadbalancer/app/${name}/${hexFor(name, 16)}`,
    usage: [
      { usageType: 'LoadBalancerUsage', operation: 'LoadBalancing:Application', usdPerUnit: 0.0225, unitsPerDay: 24, scaling: 'exact' },
    ],
    team: 'web',
    project: 'storefront',
  },
  {
    productCode: 'AWSELB',
    productName: 'Elastic Load Balancing',
    account: 'prod',
    region: 'us-east-1',
    names: ['nlb-partner-feed'],
    resourceId: (name, accountId, region) =>
      `arn:aws:elasticloadbalancing:${region}:${accountId}:loadbalancer/net/${name}/${hexFor(name, 16)}`,
    usage: [
      { usageType: 'LoadBalancerUsage', operation: 'LoadBalancing:Network', usdPerUnit: 0.0225, unitsPerDay: 24, scaling: 'exact' },
      { usageType: 'LCUUsage', operation: 'LoadBalancing:Network', usdPerUnit: 0.006, unitsPerDay: 0.001, scaling: 'exact' },
    ],
    team: 'payments',
    project: 'ledger',
  },
  {
    productCode: 'AmazonRDS', productName: 'Amazon Relational Database Service', account: 'data', region: 'us-west-2',
    names: ['reports-replica-db'], resourceId: ids.arn('rds', 'db', ':'), team: 'data', project: 'analytics',
    usage: [
      { usageType: 'InstanceUsage:db.m5.large', operation: 'CreateDBInstance:0002', usdPerUnit: 0.171, unitsPerDay: 24, scaling: 'exact' },
      { usageType: 'RDS:GP2-Storage', operation: 'CreateDBInstance:0002', usdPerUnit: 0.115, unitsPerDay: 200 / 30, scaling: 'exact' },
    ],
  },
];

/** The planted idle resources by name, so tests and the demo know what the finders should say. */
export const PLANTED_IDLE_SERVICES = {
  quietNatGateway: 'staging-nat-a',
  idleLoadBalancer: 'alb-staging-old',
  quietNetworkLoadBalancer: 'nlb-partner-feed',
  idleDatabase: 'reports-replica-db',
} as const;
