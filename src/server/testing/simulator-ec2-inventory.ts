/**
 * Fills ec2_instances and ec2_instance_metrics from the AWS simulator through the real SDK, the way a
 * collector would: assume each account's read-only role, DescribeInstances in each region, then
 * GetMetricData for hourly CPU (max and average), network in and out, and agent memory. Test-only: the
 * real collector lives in its own module.
 */

import {
  GetMetricDataCommand,
  type MetricDataQuery,
  type MetricDataResult,
} from '@aws-sdk/client-cloudwatch';
import { DescribeInstancesCommand, DescribeRegionsCommand, type Instance } from '@aws-sdk/client-ec2';
import type { Kysely } from 'kysely';
import type { AwsSimulator, Credentials } from '../../aws-sim/index.ts';
import { simulatorClients } from '../../aws-sim/simulator-clients.ts';
import { assumeRole } from '../../aws-sim/testing/test-simulator.ts';
import type { DatabaseSchema } from '../db/schema.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Five metric queries per instance; GetMetricData takes at most 500 queries a call. */
const INSTANCES_PER_CALL = 100;

const METRICS = [
  { key: 'cpu_max_percent', namespace: 'AWS/EC2', name: 'CPUUtilization', stat: 'Maximum' },
  { key: 'cpu_average_percent', namespace: 'AWS/EC2', name: 'CPUUtilization', stat: 'Average' },
  { key: 'network_in_bytes', namespace: 'AWS/EC2', name: 'NetworkIn', stat: 'Sum' },
  { key: 'network_out_bytes', namespace: 'AWS/EC2', name: 'NetworkOut', stat: 'Sum' },
  { key: 'memory_max_percent', namespace: 'CWAgent', name: 'mem_used_percent', stat: 'Maximum' },
] as const;
type MetricKey = (typeof METRICS)[number]['key'];

export interface InventoryTarget {
  organizationId: string;
  integrationId: string;
  /** The simulator's clock: metrics are read for the 15 days before it. */
  now: Date;
}

async function describeInstances(simulator: AwsSimulator, credentials: Credentials, region: string) {
  const { ec2 } = simulatorClients(simulator, { region, credentials });
  const found: Array<{ instance: Instance; ownerId: string }> = [];
  let token: string | undefined;
  do {
    const page = await ec2.send(new DescribeInstancesCommand({ NextToken: token }));
    for (const reservation of page.Reservations ?? []) {
      for (const instance of reservation.Instances ?? [])
        found.push({ instance, ownerId: reservation.OwnerId ?? '' });
    }
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

type HourRow = Record<MetricKey, number | null>;

async function hourlyMetrics(
  simulator: AwsSimulator,
  credentials: Credentials,
  region: string,
  instanceIds: string[],
  window: { start: Date; end: Date },
): Promise<Map<string, Map<number, HourRow>>> {
  const { cloudWatch } = simulatorClients(simulator, { region, credentials });
  const byInstance = new Map<string, Map<number, HourRow>>();
  for (let offset = 0; offset < instanceIds.length; offset += INSTANCES_PER_CALL) {
    const batch = instanceIds.slice(offset, offset + INSTANCES_PER_CALL);
    const results: MetricDataResult[] = [];
    let token: string | undefined;
    do {
      const page = await cloudWatch.send(
        new GetMetricDataCommand({
          StartTime: window.start,
          EndTime: window.end,
          MetricDataQueries: metricQueries(batch),
          NextToken: token,
        }),
      );
      results.push(...(page.MetricDataResults ?? []));
      token = page.NextToken;
    } while (token);
    for (const result of results) {
      const [instanceIndex, metricIndex] = (result.Id ?? '').slice(1).split('_').map(Number);
      const instanceId = batch[instanceIndex!]!;
      const metric = METRICS[metricIndex!]!;
      const hours = byInstance.get(instanceId) ?? new Map<number, HourRow>();
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

const emptyHour = (): HourRow => ({
  cpu_max_percent: null,
  cpu_average_percent: null,
  network_in_bytes: null,
  network_out_bytes: null,
  memory_max_percent: null,
});

const tagsOf = (instance: Instance) =>
  Object.fromEntries((instance.Tags ?? []).map((tag) => [tag.Key ?? '', tag.Value ?? '']));

async function storeRegion(
  db: Kysely<DatabaseSchema>,
  target: InventoryTarget,
  region: string,
  instances: Array<{ instance: Instance; ownerId: string }>,
  metrics: Map<string, Map<number, HourRow>>,
): Promise<number> {
  let metricRows = 0;
  for (const { instance, ownerId } of instances) {
    const tags = tagsOf(instance);
    const instanceId = instance.InstanceId!;
    const row = {
      organization_id: target.organizationId,
      integration_id: target.integrationId,
      instance_id: instanceId,
      account_id: ownerId,
      region,
      instance_type: instance.InstanceType ?? 'unknown',
      state: instance.State?.Name ?? 'unknown',
      name: tags.Name ?? null,
      platform: instance.PlatformDetails ?? instance.Platform ?? null,
      architecture: instance.Architecture ?? null,
      launch_time: instance.LaunchTime ?? null,
      auto_scaling_group: tags['aws:autoscaling:groupName'] ?? null,
      tags: JSON.stringify(tags),
      observed_at: target.now,
    };
    await db
      .insertInto('ec2_instances')
      .values(row)
      .onConflict((conflict) => conflict.columns(['integration_id', 'instance_id']).doUpdateSet(row))
      .execute();
    const hours = [...(metrics.get(instanceId) ?? new Map<number, HourRow>())].map(([hour, values]) => ({
      organization_id: target.organizationId,
      integration_id: target.integrationId,
      instance_id: instanceId,
      hour: new Date(hour),
      ...values,
    }));
    for (let offset = 0; offset < hours.length; offset += 500) {
      await db
        .insertInto('ec2_instance_metrics')
        .values(hours.slice(offset, offset + 500))
        .onConflict((conflict) => conflict.columns(['integration_id', 'instance_id', 'hour']).doNothing())
        .execute();
    }
    metricRows += hours.length;
  }
  return metricRows;
}

/** Reads every account and region of the simulated company into the organization's inventory tables. */
export async function fillEc2InventoryFromSimulator(
  db: Kysely<DatabaseSchema>,
  simulator: AwsSimulator,
  target: InventoryTarget,
): Promise<{ instances: number; metricRows: number }> {
  const end = new Date(Math.floor(target.now.getTime() / HOUR_MS) * HOUR_MS);
  const window = { start: new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS - 15 * DAY_MS), end };
  const { ec2 } = simulatorClients(simulator);
  const regions = ((await ec2.send(new DescribeRegionsCommand({}))).Regions ?? []).map((r) => r.RegionName!);
  let instances = 0;
  let metricRows = 0;
  for (const account of simulator.company.accounts) {
    const credentials = await assumeRole(simulator, account.demoRoleArn, simulator.company.demoExternalId);
    for (const region of regions) {
      const found = await describeInstances(simulator, credentials, region);
      if (found.length === 0) continue;
      const ids = found.map(({ instance }) => instance.InstanceId!);
      const metrics = await hourlyMetrics(simulator, credentials, region, ids, window);
      metricRows += await storeRegion(db, target, region, found, metrics);
      instances += found.length;
    }
  }
  return { instances, metricRows };
}
