import { GetMetricDataCommand, ListMetricsCommand } from '@aws-sdk/client-cloudwatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator, PlantedInstanceFact } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { startTestSimulator } from './testing/test-simulator.ts';

const DAY = 86_400_000;
const MB = 1_000_000;

describe('CloudWatch metrics of the planted instances', () => {
  let simulator: AwsSimulator;
  let today: number;
  beforeAll(async () => {
    ({ simulator } = await startTestSimulator());
    today = Date.parse(`${simulator.company.anchorDay}T00:00:00Z`);
  });
  afterAll(() => simulator.close());

  function instance(name: string): PlantedInstanceFact {
    const found = simulator.company.instances.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no planted instance ${name}`);
    return found;
  }

  /** The last 14 full days of one statistic, oldest first. */
  async function series(
    target: PlantedInstanceFact,
    namespace: string,
    metricName: string,
    stat: string,
    period = 86_400,
  ) {
    const { cloudWatch } = simulatorClients(simulator, { region: target.region });
    const answer = await cloudWatch.send(
      new GetMetricDataCommand({
        StartTime: new Date(today - 14 * DAY),
        EndTime: new Date(today),
        ScanBy: 'TimestampAscending',
        MetricDataQueries: [
          {
            Id: 'm',
            MetricStat: {
              Metric: {
                Namespace: namespace,
                MetricName: metricName,
                Dimensions: [{ Name: 'InstanceId', Value: target.instanceId }],
              },
              Period: period,
              Stat: stat,
            },
          },
        ],
      }),
    );
    const result = answer.MetricDataResults?.[0];
    return { timestamps: result?.Timestamps ?? [], values: result?.Values ?? [] };
  }

  it.each(['jenkins-old', 'reporting-sandbox'])(
    'shows idle instance %s under 10%% CPU every one of 14 days, with little traffic',
    async (name) => {
      const target = instance(name);
      expect(target.plant).toBe('idle');
      const cpu = await series(target, 'AWS/EC2', 'CPUUtilization', 'Maximum');
      expect(cpu.values).toHaveLength(14);
      expect(cpu.timestamps[0]?.toISOString()).toBe(new Date(today - 14 * DAY).toISOString());
      expect(cpu.values.filter((value) => value <= 10)).toHaveLength(14);
      expect(Math.max(...cpu.values)).toBeLessThanOrEqual(3);
      const networkIn = await series(target, 'AWS/EC2', 'NetworkIn', 'Sum');
      const networkOut = await series(target, 'AWS/EC2', 'NetworkOut', 'Sum');
      for (let day = 0; day < 14; day += 1) {
        expect((networkIn.values[day] ?? 0) + (networkOut.values[day] ?? 0)).toBeLessThan(5 * MB);
      }
    },
  );

  it('shows the m5.4xlarge peaking near 10% CPU (p99.5 of hourly maxima) while busy instances run hot', async () => {
    const hourly = await series(instance('batch-legacy'), 'AWS/EC2', 'CPUUtilization', 'Maximum', 3600);
    expect(hourly.values).toHaveLength(14 * 24);
    const sorted = [...hourly.values].sort((a, b) => a - b);
    const p995 = sorted[Math.ceil(sorted.length * 0.995) - 1] ?? 0;
    expect(p995).toBeGreaterThan(8);
    expect(p995).toBeLessThanOrEqual(10);
    const busy = await series(instance('web-prod-1'), 'AWS/EC2', 'CPUUtilization', 'Maximum');
    expect(Math.max(...busy.values)).toBeGreaterThan(60);
  });

  it('reports low memory for the oversized r5.2xlarge through the CloudWatch agent', async () => {
    const target = instance('cache-warmer');
    expect(target.publishesMemory).toBe(true);
    const memory = await series(target, 'CWAgent', 'mem_used_percent', 'Maximum');
    expect(memory.values).toHaveLength(14);
    expect(Math.max(...memory.values)).toBeLessThan(20);
    const withoutAgent = await series(instance('graviton-worker'), 'CWAgent', 'mem_used_percent', 'Maximum');
    expect(withoutAgent.values).toEqual([]);
  });

  it('keeps the ARM m6g.2xlarge under 20% CPU and has no data for the stopped bastion', async () => {
    const graviton = await series(instance('graviton-worker'), 'AWS/EC2', 'CPUUtilization', 'Maximum');
    expect(Math.max(...graviton.values)).toBeLessThan(20);
    const stopped = await series(instance('old-bastion'), 'AWS/EC2', 'CPUUtilization', 'Maximum');
    expect(stopped.values).toEqual([]);
  });

  it('lists the agent metrics of the account and region the caller signs for', async () => {
    const { cloudWatch } = simulatorClients(simulator, { region: 'us-east-1' });
    const listed = await cloudWatch.send(
      new ListMetricsCommand({ Namespace: 'CWAgent', MetricName: 'mem_used_percent' }),
    );
    const ids = (listed.Metrics ?? []).map((metric) => metric.Dimensions?.[0]?.Value).sort();
    expect(ids).toEqual(
      [
        instance('api-prod').instanceId,
        instance('batch-legacy').instanceId,
        instance('cache-warmer').instanceId,
      ].sort(),
    );
  });

  it('answers Throttling when throttled', async () => {
    simulator.faults.throttle('cloudwatch', 1);
    const { cloudWatch } = simulatorClients(simulator, { maxAttempts: 1 });
    await expect(cloudWatch.send(new ListMetricsCommand({}))).rejects.toMatchObject({
      name: 'Throttling',
      message: 'Rate exceeded',
    });
  });
});
