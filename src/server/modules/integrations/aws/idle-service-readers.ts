import {
  type CloudWatchClient,
  GetMetricDataCommand,
  type MetricDataQuery,
} from '@aws-sdk/client-cloudwatch';
import {
  DescribeNatGatewaysCommand,
  DescribeNetworkInterfacesCommand,
  type EC2Client,
} from '@aws-sdk/client-ec2';
import {
  DescribeLoadBalancersCommand,
  DescribeTagsCommand,
  DescribeTargetGroupsCommand,
  DescribeTargetHealthCommand,
  type ElasticLoadBalancingV2Client,
  type LoadBalancer,
} from '@aws-sdk/client-elastic-load-balancing-v2';
import { DescribeDBInstancesCommand, type RDSClient } from '@aws-sdk/client-rds';
import { CONNECTION_WINDOW_DAYS, TRAFFIC_WINDOW_DAYS } from '../../../../domain/idle-service-findings.ts';

/**
 * The readers of the idle finders (decision 108): NAT gateways, load balancers, databases and the
 * public IPv4 addresses on network interfaces, each through its describe calls, paged, and CloudWatch
 * GetMetricData, 500 queries a call. What they store is what the rules need, summed over the window.
 */

export interface RegionClients {
  ec2: EC2Client;
  cloudWatch: CloudWatchClient;
  elbv2: ElasticLoadBalancingV2Client;
  rds: RDSClient;
}

export interface ServiceResource {
  resourceType: 'nat-gateway' | 'load-balancer' | 'rds-db-instance' | 'network-interface';
  resourceId: string;
  region: string;
  attributes: Record<string, string | number | null>;
  tags: Record<string, string>;
}

/** Every call a reader makes goes through here: counted, and named by the permission it needs. */
export type CallAs = <T>(permission: string, call: () => Promise<T>) => Promise<T>;

const DAY_MS = 86_400_000;
const METRIC_QUERIES_PER_CALL = 500;
const NAT_GATEWAYS_PER_PAGE = 1000;
const INTERFACES_PER_PAGE = 1000;
const LOAD_BALANCERS_PER_PAGE = 400;
const DATABASES_PER_PAGE = 100;
const TAG_ARNS_PER_CALL = 20;

const tagsOf = (tags: Array<{ Key?: string; Value?: string }> | undefined) =>
  Object.fromEntries((tags ?? []).map((tag) => [tag.Key ?? '', tag.Value ?? '']));
const iso = (date: Date | undefined) => date?.toISOString() ?? null;
/** Whole UTC days ending where today begins: the finished days CloudWatch has all of. */
function windowOf(now: Date, days: number) {
  const end = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  return { start: new Date(end.getTime() - days * DAY_MS), end };
}

/** Values of each query id, GetMetricData called 500 queries at a time and followed through its pages. */
async function metricValues(
  cloudWatch: CloudWatchClient,
  callAs: CallAs,
  queries: MetricDataQuery[],
  window: { start: Date; end: Date },
): Promise<Map<string, number[]>> {
  const values = new Map<string, number[]>();
  for (let offset = 0; offset < queries.length; offset += METRIC_QUERIES_PER_CALL) {
    let token: string | undefined;
    do {
      const page = await callAs('cloudwatch:GetMetricData', () =>
        cloudWatch.send(
          new GetMetricDataCommand({
            MetricDataQueries: queries.slice(offset, offset + METRIC_QUERIES_PER_CALL),
            StartTime: window.start,
            EndTime: window.end,
            ScanBy: 'TimestampAscending',
            NextToken: token,
          }),
        ),
      );
      for (const result of page.MetricDataResults ?? [])
        values.set(result.Id ?? '', [...(values.get(result.Id ?? '') ?? []), ...(result.Values ?? [])]);
      token = page.NextToken;
    } while (token);
  }
  return values;
}

const sum = (values: number[] | undefined) => (values ?? []).reduce((total, value) => total + value, 0);
const metricQuery = (
  id: string,
  metric: { namespace: string; name: string; dimension: string; value: string },
  period: number,
  stat: string,
): MetricDataQuery => ({
  Id: id,
  MetricStat: {
    Metric: {
      Namespace: metric.namespace,
      MetricName: metric.name,
      Dimensions: [{ Name: metric.dimension, Value: metric.value }],
    },
    Period: period,
    Stat: stat,
  },
});

/** NAT gateways and what each processed in 14 days: BytesOutToDestination + BytesOutToSource. */
export async function readNatGateways(
  clients: RegionClients,
  region: string,
  callAs: CallAs,
  now: Date,
): Promise<ServiceResource[]> {
  const gateways = [];
  let token: string | undefined;
  do {
    const page = await callAs('ec2:DescribeNatGateways', () =>
      clients.ec2.send(
        new DescribeNatGatewaysCommand({ MaxResults: NAT_GATEWAYS_PER_PAGE, NextToken: token }),
      ),
    );
    gateways.push(...(page.NatGateways ?? []).filter((gateway) => gateway.State === 'available'));
    token = page.NextToken;
  } while (token);
  const window = windowOf(now, TRAFFIC_WINDOW_DAYS);
  const period = TRAFFIC_WINDOW_DAYS * 86_400;
  const metrics = ['BytesOutToDestination', 'BytesOutToSource'];
  const queries = gateways.flatMap((gateway, index) =>
    metrics.map((name, metric) =>
      metricQuery(
        `n${index}m${metric}`,
        { namespace: 'AWS/NATGateway', name, dimension: 'NatGatewayId', value: gateway.NatGatewayId ?? '' },
        period,
        'Sum',
      ),
    ),
  );
  const values = queries.length
    ? await metricValues(clients.cloudWatch, callAs, queries, window)
    : new Map<string, number[]>();
  return gateways.map((gateway, index) => {
    const series = metrics.map((_, metric) => values.get(`n${index}m${metric}`));
    const anyData = series.some((points) => (points ?? []).length > 0);
    return {
      resourceType: 'nat-gateway' as const,
      resourceId: gateway.NatGatewayId ?? '',
      region,
      attributes: {
        vpcId: gateway.VpcId ?? null,
        subnetId: gateway.SubnetId ?? null,
        publicIp: gateway.NatGatewayAddresses?.[0]?.PublicIp ?? null,
        createTime: iso(gateway.CreateTime),
        processedBytes: anyData ? series.reduce((total, points) => total + sum(points), 0) : null,
      },
      tags: tagsOf(gateway.Tags),
    };
  });
}

async function allLoadBalancers(clients: RegionClients, callAs: CallAs): Promise<LoadBalancer[]> {
  const found: LoadBalancer[] = [];
  let marker: string | undefined;
  do {
    const page = await callAs('elasticloadbalancing:DescribeLoadBalancers', () =>
      clients.elbv2.send(
        new DescribeLoadBalancersCommand({ PageSize: LOAD_BALANCERS_PER_PAGE, Marker: marker }),
      ),
    );
    found.push(
      ...(page.LoadBalancers ?? []).filter((lb) => lb.Type === 'application' || lb.Type === 'network'),
    );
    marker = page.NextMarker;
  } while (marker);
  return found;
}

/** Registered and healthy targets per load balancer ARN, from every target group of the region. */
async function targetsByLoadBalancer(clients: RegionClients, callAs: CallAs) {
  const targets = new Map<string, { registered: number; healthy: number }>();
  let marker: string | undefined;
  do {
    const page = await callAs('elasticloadbalancing:DescribeTargetGroups', () =>
      clients.elbv2.send(
        new DescribeTargetGroupsCommand({ PageSize: LOAD_BALANCERS_PER_PAGE, Marker: marker }),
      ),
    );
    for (const group of page.TargetGroups ?? []) {
      if ((group.LoadBalancerArns ?? []).length === 0) continue;
      const health = await callAs('elasticloadbalancing:DescribeTargetHealth', () =>
        clients.elbv2.send(new DescribeTargetHealthCommand({ TargetGroupArn: group.TargetGroupArn })),
      );
      const descriptions = health.TargetHealthDescriptions ?? [];
      for (const arn of group.LoadBalancerArns ?? []) {
        const counted = targets.get(arn) ?? { registered: 0, healthy: 0 };
        counted.registered += descriptions.length;
        counted.healthy += descriptions.filter((entry) => entry.TargetHealth?.State === 'healthy').length;
        targets.set(arn, counted);
      }
    }
    marker = page.NextMarker;
  } while (marker);
  return targets;
}

async function loadBalancerTags(clients: RegionClients, callAs: CallAs, arns: string[]) {
  const tags = new Map<string, Record<string, string>>();
  for (let offset = 0; offset < arns.length; offset += TAG_ARNS_PER_CALL) {
    const answer = await callAs('elasticloadbalancing:DescribeTags', () =>
      clients.elbv2.send(
        new DescribeTagsCommand({ ResourceArns: arns.slice(offset, offset + TAG_ARNS_PER_CALL) }),
      ),
    );
    for (const description of answer.TagDescriptions ?? [])
      tags.set(description.ResourceArn ?? '', tagsOf(description.Tags));
  }
  return tags;
}

/** ALBs and NLBs with their targets' health and 14 days of RequestCount (ALB) or NewFlowCount (NLB). */
export async function readLoadBalancers(
  clients: RegionClients,
  region: string,
  callAs: CallAs,
  now: Date,
): Promise<ServiceResource[]> {
  const loadBalancers = await allLoadBalancers(clients, callAs);
  if (loadBalancers.length === 0) return [];
  const targets = await targetsByLoadBalancer(clients, callAs);
  const arns = loadBalancers.map((lb) => lb.LoadBalancerArn ?? '');
  const tags = await loadBalancerTags(clients, callAs, arns);
  const queries = loadBalancers.map((lb, index) => {
    const application = lb.Type === 'application';
    const arn = lb.LoadBalancerArn ?? '';
    return metricQuery(
      `lb${index}`,
      {
        namespace: application ? 'AWS/ApplicationELB' : 'AWS/NetworkELB',
        name: application ? 'RequestCount' : 'NewFlowCount',
        dimension: 'LoadBalancer',
        value: arn.slice(arn.indexOf(':loadbalancer/') + ':loadbalancer/'.length),
      },
      TRAFFIC_WINDOW_DAYS * 86_400,
      'Sum',
    );
  });
  const values = await metricValues(clients.cloudWatch, callAs, queries, windowOf(now, TRAFFIC_WINDOW_DAYS));
  return loadBalancers.map((lb, index) => {
    const arn = lb.LoadBalancerArn ?? '';
    return {
      resourceType: 'load-balancer' as const,
      resourceId: arn,
      region,
      attributes: {
        name: lb.LoadBalancerName ?? null,
        type: lb.Type ?? 'application',
        createTime: iso(lb.CreatedTime),
        registeredTargets: targets.get(arn)?.registered ?? 0,
        healthyTargets: targets.get(arn)?.healthy ?? 0,
        requests: sum(values.get(`lb${index}`)),
      },
      tags: { Name: lb.LoadBalancerName ?? '', ...(tags.get(arn) ?? {}) },
    };
  });
}

/** Consecutive days, newest first, whose highest connection count was 0; a day without data ends the run. */
function daysWithoutConnections(dailyMaxima: number[]): number {
  let run = 0;
  for (let index = dailyMaxima.length - 1; index >= 0 && dailyMaxima[index] === 0; index -= 1) run += 1;
  return run;
}

/** RDS DB instances with the days, ending yesterday, nobody connected (DatabaseConnections, daily maximum). */
export async function readDatabases(
  clients: RegionClients,
  region: string,
  callAs: CallAs,
  now: Date,
): Promise<ServiceResource[]> {
  const databases = [];
  let marker: string | undefined;
  do {
    const page = await callAs('rds:DescribeDBInstances', () =>
      clients.rds.send(new DescribeDBInstancesCommand({ MaxRecords: DATABASES_PER_PAGE, Marker: marker })),
    );
    databases.push(...(page.DBInstances ?? []));
    marker = page.Marker;
  } while (marker);
  const window = windowOf(now, CONNECTION_WINDOW_DAYS);
  const queries = databases.map((db, index) =>
    metricQuery(
      `db${index}`,
      {
        namespace: 'AWS/RDS',
        name: 'DatabaseConnections',
        dimension: 'DBInstanceIdentifier',
        value: db.DBInstanceIdentifier ?? '',
      },
      86_400,
      'Maximum',
    ),
  );
  const values = queries.length
    ? await metricValues(clients.cloudWatch, callAs, queries, window)
    : new Map<string, number[]>();
  return databases.map((db, index) => ({
    resourceType: 'rds-db-instance' as const,
    resourceId: db.DBInstanceIdentifier ?? '',
    region,
    attributes: {
      arn: db.DBInstanceArn ?? null,
      instanceClass: db.DBInstanceClass ?? 'unknown',
      engine: db.Engine ?? 'unknown',
      status: db.DBInstanceStatus ?? 'unknown',
      storageGb: db.AllocatedStorage ?? null,
      createTime: iso(db.InstanceCreateTime),
      daysWithoutConnections: daysWithoutConnections(values.get(`db${index}`) ?? []),
    },
    tags: tagsOf(db.TagList),
  }));
}

/** Network interfaces holding a public IPv4 address; those without one cost nothing and are not kept. */
export async function readPublicInterfaces(
  clients: RegionClients,
  region: string,
  callAs: CallAs,
): Promise<ServiceResource[]> {
  const found: ServiceResource[] = [];
  let token: string | undefined;
  do {
    const page = await callAs('ec2:DescribeNetworkInterfaces', () =>
      clients.ec2.send(
        new DescribeNetworkInterfacesCommand({ MaxResults: INTERFACES_PER_PAGE, NextToken: token }),
      ),
    );
    for (const eni of page.NetworkInterfaces ?? []) {
      if (!eni.Association?.PublicIp) continue;
      found.push({
        resourceType: 'network-interface',
        resourceId: eni.NetworkInterfaceId ?? '',
        region,
        attributes: {
          publicIp: eni.Association.PublicIp,
          allocationId: eni.Association.AllocationId ?? null,
          instanceId: eni.Attachment?.InstanceId ?? null,
          status: eni.Status ?? 'unknown',
          description: eni.Description ?? null,
        },
        tags: tagsOf(eni.TagSet),
      });
    }
    token = page.NextToken;
  } while (token);
  return found;
}
