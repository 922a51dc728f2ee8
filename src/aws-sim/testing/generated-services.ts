import type { SimLoadBalancer } from '../company/load-balancers.ts';
import type { SimNatGateway } from '../company/network-services.ts';

const DAY_MS = 86_400_000;
const hex = (n: number, width = 16) => n.toString(16).padStart(width, '0');

/**
 * Many unbilled NAT gateways and load balancers in one account and region, for measuring the finders:
 * a fifth of the gateways quiet, a quarter of the load balancers without targets, a tenth without traffic.
 */
export function generatedServices(
  accountId: string,
  region: string,
  counts: { natGateways: number; loadBalancers: number },
  nowMs: number,
): { natGateways: SimNatGateway[]; loadBalancers: SimLoadBalancer[] } {
  const natGateways = Array.from({ length: counts.natGateways }, (_, index) => ({
    natGatewayId: `nat-0ffe${hex(index, 13)}`,
    name: `generated-nat-${index}`,
    accountId,
    region,
    vpcId: `vpc-0ffe${hex(index % 10, 13)}`,
    subnetId: `subnet-0ffe${hex(index, 13)}`,
    createdAt: nowMs - 60 * DAY_MS,
    publicIp: `18.${index >> 8}.${index & 255}.1`,
    allocationId: `eipalloc-0ffe${hex(index, 13)}`,
    tags: { team: ['platform', 'data', 'web'][index % 3] ?? 'platform' },
    gbPerDay: index % 5 === 0 ? 0.01 : 40,
  }));
  const loadBalancers: SimLoadBalancer[] = Array.from({ length: counts.loadBalancers }, (_, index) => {
    const name = `generated-lb-${index}`;
    const kind = index % 2 === 0 ? 'app' : 'net';
    const arn = `arn:aws:elasticloadbalancing:${region}:${accountId}:loadbalancer/${kind}/${name}/${hex(index)}`;
    return {
      arn,
      name,
      type: kind === 'app' ? 'application' : 'network',
      accountId,
      region,
      vpcId: `vpc-0ffe${hex(index % 10, 13)}`,
      createdAt: nowMs - 90 * DAY_MS,
      tags: { team: ['platform', 'data', 'web'][index % 3] ?? 'platform' },
      targetGroups: [
        {
          arn: `arn:aws:elasticloadbalancing:${region}:${accountId}:targetgroup/${name}-tg/${hex(index)}`,
          name: `${name}-tg`,
          port: 80,
          protocol: kind === 'app' ? 'HTTP' : 'TCP',
          targets:
            index % 4 === 0 ? [] : [{ id: `i-0ffe${hex(index, 13)}`, port: 80, health: 'healthy' as const }],
        },
      ],
      perHour: index % 10 === 0 ? 0 : 5_000,
    };
  });
  return { natGateways, loadBalancers };
}
