import { ACCOUNTS } from './company-profile.ts';
import { tagsOf } from './family-line-items.ts';
import type { FleetInstance } from './fleet.ts';
import type { ResourceTags } from './line-item.ts';
import type { ResourceFamily } from './resource-family.ts';
import { hexFor } from './seeded-random.ts';
import { DAY_MS } from './timeline.ts';

export type TargetHealthState = 'healthy' | 'unhealthy' | 'unused' | 'draining';

export interface SimTargetGroup {
  arn: string;
  name: string;
  port: number;
  protocol: string;
  targets: Array<{ id: string; port: number; health: TargetHealthState }>;
}

/** An Application or Network Load Balancer: what ELBv2 describes and CloudWatch counts for it. */
export interface SimLoadBalancer {
  arn: string;
  name: string;
  type: 'application' | 'network';
  accountId: string;
  region: string;
  vpcId: string;
  createdAt: number;
  tags: ResourceTags;
  targetGroups: SimTargetGroup[];
  /**
   * Requests (ALB, RequestCount) or new flows (NLB, NewFlowCount) an hour. For the company's load
   * balancers it follows the bill's LCU line: one LCU-hour as one request a second.
   */
  perHour: number;
}

/** The CloudWatch dimension value of a load balancer: `app/<name>/<id>` or `net/<name>/<id>`. */
export const loadBalancerDimension = (arn: string) => arn.slice(arn.indexOf(':loadbalancer/') + 14);

const SECONDS_PER_HOUR = 3600;
/** Which fleet instances each company load balancer sends to; one that is not here has none. */
const TARGETS_OF: Record<string, { instances: string[]; port: number }> = {
  'alb-prod': { instances: ['web-prod-1', 'web-prod-2'], port: 8080 },
  'nlb-partner-feed': { instances: ['worker-prod-1'], port: 9443 },
};

function targetGroup(
  family: ResourceFamily,
  name: string,
  loadBalancer: { accountId: string; region: string },
  fleet: FleetInstance[],
): SimTargetGroup {
  const wiring = TARGETS_OF[name] ?? TARGETS_OF[name.replace(/-\d+$/, '')];
  const tgName = `${name}-tg`.slice(0, 32);
  return {
    arn: `arn:aws:elasticloadbalancing:${loadBalancer.region}:${loadBalancer.accountId}:targetgroup/${tgName}/${hexFor(`tg:${name}`, 16)}`,
    name: tgName,
    port: wiring?.port ?? 80,
    protocol: family.usage.some((line) => line.operation === 'LoadBalancing:Network') ? 'TCP' : 'HTTP',
    targets: (wiring?.instances ?? []).flatMap((instanceName) => {
      const instance = fleet.find((candidate) => candidate.name === instanceName);
      return instance
        ? [{ id: instance.instanceId, port: wiring?.port ?? 80, health: 'healthy' as const }]
        : [];
    }),
  };
}

/** The company's load balancers: the resources of families billed by Elastic Load Balancing. */
export function companyLoadBalancers(
  families: ResourceFamily[],
  fleet: FleetInstance[],
  anchorDay: number,
): SimLoadBalancer[] {
  return families
    .filter((family) => family.productCode === 'AWSELB' && family.resourceId)
    .flatMap((family) =>
      family.names.map((name, index) => {
        const accountId = ACCOUNTS[family.account].id;
        const arn = family.resourceId!(name, accountId, family.region);
        const capacity = family.usage.find((line) => line.usageType === 'LCUUsage');
        const place = { accountId, region: family.region };
        return {
          arn,
          name,
          type: arn.includes(':loadbalancer/net/') ? ('network' as const) : ('application' as const),
          ...place,
          vpcId: `vpc-0${hexFor(`vpc:${accountId}/${family.region}`, 16)}`,
          createdAt: anchorDay - (300 + index * 40) * DAY_MS,
          tags: tagsOf(family, index),
          targetGroups: [targetGroup(family, name, place, fleet)],
          perHour: capacity ? (capacity.unitsPerDay / 24) * SECONDS_PER_HOUR : 0,
        };
      }),
    );
}
