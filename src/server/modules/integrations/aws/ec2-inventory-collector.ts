import {
  type CloudWatchClient,
  GetMetricDataCommand,
  type MetricDataQuery,
  type MetricDataResult,
} from '@aws-sdk/client-cloudwatch';
import {
  DescribeInstancesCommand,
  DescribeRegionsCommand,
  type EC2Client,
  type Instance,
} from '@aws-sdk/client-ec2';
import type { AwsAccess, AwsCredentials } from '../../../aws-access.ts';
import { awsClients } from './aws-clients.ts';
import { callFailure } from './aws-failure.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Five metric queries per instance; GetMetricData takes at most 500 queries a call. */
const INSTANCES_PER_CALL = 100;
export const METRIC_DAYS = 14;

const METRICS = [
  { key: 'cpu_max_percent', namespace: 'AWS/EC2', name: 'CPUUtilization', stat: 'Maximum' },
  { key: 'cpu_average_percent', namespace: 'AWS/EC2', name: 'CPUUtilization', stat: 'Average' },
  { key: 'network_in_bytes', namespace: 'AWS/EC2', name: 'NetworkIn', stat: 'Sum' },
  { key: 'network_out_bytes', namespace: 'AWS/EC2', name: 'NetworkOut', stat: 'Sum' },
  // Published only where the CloudWatch agent runs.
  { key: 'memory_max_percent', namespace: 'CWAgent', name: 'mem_used_percent', stat: 'Maximum' },
] as const;
type MetricKey = (typeof METRICS)[number]['key'];
export type HourMetrics = Record<MetricKey, number | null>;

export interface CollectedInstance {
  instanceId: string;
  accountId: string;
  region: string;
  instanceType: string;
  state: string;
  name: string | null;
  platform: string | null;
  architecture: string | null;
  launchTime: Date | null;
  autoScalingGroup: string | null;
  tags: Record<string, string>;
  hours: Array<{ hour: Date } & HourMetrics>;
}

async function enabledRegions(ec2: EC2Client): Promise<string[]> {
  const answer = await ec2.send(new DescribeRegionsCommand({})).catch((error) => {
    throw callFailure(error, 'ec2:DescribeRegions');
  });
  return (answer.Regions ?? []).map((region) => region.RegionName ?? '').filter(Boolean);
}

async function describeInstances(ec2: EC2Client, region: string) {
  const found: Array<{ instance: Instance; ownerId: string }> = [];
  let token: string | undefined;
  do {
    const page = await ec2.send(new DescribeInstancesCommand({ NextToken: token })).catch((error) => {
      throw callFailure(error, `ec2:DescribeInstances in ${region}`);
    });
    for (const reservation of page.Reservations ?? [])
      for (const instance of reservation.Instances ?? [])
        found.push({ instance, ownerId: reservation.OwnerId ?? '' });
    token = page.NextToken;
  } while (token);
  return found;
}

function metricQueries(instanceIds: string[]): MetricDataQuery[] {
  return instanceIds.flatMap((instanceId, index) =>
    METRICS.map((metric, metricIndex) => ({
      Id: `m${index}_${metricIndex}`,
      MetricStat: {
        Metric: {
          Namespace: metric.namespace,
          MetricName: metric.name,
          Dimensions: [{ Name: 'InstanceId', Value: instanceId }],
        },
        Period: 3600,
        Stat: metric.stat,
      },
    })),
  );
}

const emptyHour = (): HourMetrics => ({
  cpu_max_percent: null,
  cpu_average_percent: null,
  network_in_bytes: null,
  network_out_bytes: null,
  memory_max_percent: null,
});

async function hourlyMetrics(
  cloudWatch: CloudWatchClient,
  instanceIds: string[],
  window: { start: Date; end: Date },
): Promise<Map<string, Map<number, HourMetrics>>> {
  const byInstance = new Map<string, Map<number, HourMetrics>>();
  for (let offset = 0; offset < instanceIds.length; offset += INSTANCES_PER_CALL) {
    const batch = instanceIds.slice(offset, offset + INSTANCES_PER_CALL);
    const results: MetricDataResult[] = [];
    let token: string | undefined;
    do {
      const page = await cloudWatch
        .send(
          new GetMetricDataCommand({
            StartTime: window.start,
            EndTime: window.end,
            MetricDataQueries: metricQueries(batch),
            NextToken: token,
          }),
        )
        .catch((error) => {
          throw callFailure(error, 'cloudwatch:GetMetricData');
        });
      results.push(...(page.MetricDataResults ?? []));
      token = page.NextToken;
    } while (token);
    for (const result of results) {
      const [instanceIndex, metricIndex] = (result.Id ?? '').slice(1).split('_').map(Number);
      const instanceId = batch[instanceIndex ?? -1];
      const metric = METRICS[metricIndex ?? -1];
      if (!instanceId || !metric) continue;
      const hours = byInstance.get(instanceId) ?? new Map<number, HourMetrics>();
      (result.Timestamps ?? []).forEach((timestamp, at) => {
        const row = hours.get(timestamp.getTime()) ?? emptyHour();
        row[metric.key] = result.Values?.[at] ?? null;
        hours.set(timestamp.getTime(), row);
      });
      byInstance.set(instanceId, hours);
    }
  }
  return byInstance;
}

function toCollected(
  { instance, ownerId }: { instance: Instance; ownerId: string },
  region: string,
  hours: Map<number, HourMetrics> | undefined,
): CollectedInstance {
  const tags = Object.fromEntries((instance.Tags ?? []).map((tag) => [tag.Key ?? '', tag.Value ?? '']));
  return {
    instanceId: instance.InstanceId ?? '',
    accountId: ownerId,
    region,
    instanceType: instance.InstanceType ?? 'unknown',
    state: instance.State?.Name ?? 'unknown',
    name: tags.Name ?? null,
    platform: instance.PlatformDetails ?? instance.Platform ?? null,
    architecture: instance.Architecture ?? null,
    launchTime: instance.LaunchTime ?? null,
    autoScalingGroup: tags['aws:autoscaling:groupName'] ?? null,
    tags,
    hours: [...(hours ?? new Map<number, HourMetrics>())].map(([hour, values]) => ({
      hour: new Date(hour),
      ...values,
    })),
  };
}

/**
 * EC2 inventory of one account: DescribeInstances in every enabled region, then 14 days of hourly
 * CloudWatch CPU (max and average), network in and out, and agent memory where it is published.
 */
export async function collectEc2Inventory(
  access: AwsAccess,
  credentials: AwsCredentials | undefined,
  now: Date,
): Promise<CollectedInstance[]> {
  const end = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const window = { start: new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS - METRIC_DAYS * DAY_MS), end };
  const regions = await enabledRegions(awsClients(access, credentials).ec2);
  const collected: CollectedInstance[] = [];
  for (const region of regions) {
    const clients = awsClients(access, credentials, region);
    const found = await describeInstances(clients.ec2, region);
    if (found.length === 0) continue;
    const metrics = await hourlyMetrics(
      clients.cloudWatch,
      found.map(({ instance }) => instance.InstanceId ?? ''),
      window,
    );
    for (const entry of found)
      collected.push(toCollected(entry, region, metrics.get(entry.instance.InstanceId ?? '')));
  }
  return collected;
}
