import { companyDatabases, type SimDatabase } from './databases.ts';
import type { FleetInstance } from './fleet.ts';
import type { ResourceTags } from './line-item.ts';
import { companyLoadBalancers, type SimLoadBalancer } from './load-balancers.ts';
import { natGateways } from './nat-gateway-traffic.ts';
import type { ResourceFamily } from './resource-family.ts';
import { hexFor } from './seeded-random.ts';
import { DAY_MS } from './timeline.ts';

/** A NAT gateway as DescribeNatGateways lists it. */
export interface SimNatGateway {
  natGatewayId: string;
  name: string;
  accountId: string;
  region: string;
  vpcId: string;
  subnetId: string;
  createdAt: number;
  publicIp: string;
  allocationId: string;
  tags: ResourceTags;
  /**
   * GB processed a day, for a generated gateway (a load test's, not billed); undefined for the
   * company's, whose bytes follow the bill's NatGateway-Bytes line (`nat-gateway-traffic.ts`).
   */
  gbPerDay?: number;
}

/**
 * The company's NAT gateways, load balancers and databases, live: a test may add generated ones or
 * stop a database, and the describe calls and the metrics answer so.
 */
export interface CompanyServices {
  natGateways: SimNatGateway[];
  loadBalancers: SimLoadBalancer[];
  databases: SimDatabase[];
}

export function buildCompanyServices(model: {
  families: ResourceFamily[];
  fleet: FleetInstance[];
  anchorDay: number;
}): CompanyServices {
  const gateways = natGateways(model).map((gateway, index) => {
    const network = `${gateway.accountId}/${gateway.region}`;
    return {
      natGatewayId: gateway.natGatewayId,
      name: gateway.name,
      accountId: gateway.accountId,
      region: gateway.region,
      vpcId: `vpc-0${hexFor(`vpc:${network}`, 16)}`,
      subnetId: `subnet-0${hexFor(`subnet:${network}:public`, 16)}`,
      createdAt: model.anchorDay - (500 + index * 20) * DAY_MS,
      publicIp: `44.${200 + index}.${(index * 53) % 250}.${7 + index}`,
      allocationId: `eipalloc-0${hexFor(`nat-address:${gateway.natGatewayId}`, 16)}`,
      tags: gateway.tags,
    };
  });
  return {
    natGateways: gateways,
    loadBalancers: companyLoadBalancers(model.families, model.fleet, model.anchorDay),
    databases: companyDatabases(model.families, model.anchorDay),
  };
}
