import { GetMetricDataCommand, ListMetricsCommand } from '@aws-sdk/client-cloudwatch';
import { GetCostAndUsageCommand } from '@aws-sdk/client-cost-explorer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { startTestSimulator, type TestClock } from './testing/test-simulator.ts';

const DAY = 86_400_000;
const GB = 2 ** 30;
const METRICS = ['BytesOutToDestination', 'BytesOutToSource'];

/** NAT gateway bytes in CloudWatch against what the same company's bill charges for the same day. */
describe('CloudWatch AWS/NATGateway of the simulated company', () => {
  let simulator: AwsSimulator;
  let clock: TestClock;
  let today: number;
  beforeAll(async () => {
    ({ simulator, clock } = await startTestSimulator());
    today = Date.parse(`${simulator.company.anchorDay}T00:00:00Z`);
  });
  afterAll(() => simulator.close());

  const prodGateways = () =>
    simulator.natGateways().filter((gateway) => gateway.accountId === simulator.company.managementAccountId);

  async function processedBytes(natGatewayId: string, start: number, end: number, period: number) {
    const { cloudWatch } = simulatorClients(simulator);
    const answer = await cloudWatch.send(
      new GetMetricDataCommand({
        StartTime: new Date(start),
        EndTime: new Date(end),
        ScanBy: 'TimestampAscending',
        MetricDataQueries: METRICS.map((MetricName, index) => ({
          Id: `m${index}`,
          MetricStat: {
            Metric: {
              Namespace: 'AWS/NATGateway',
              MetricName,
              Dimensions: [{ Name: 'NatGatewayId', Value: natGatewayId }],
            },
            Period: period,
            Stat: 'Sum',
          },
        })),
      }),
    );
    return answer.MetricDataResults ?? [];
  }

  it('lists both processed-bytes metrics of each NAT gateway in the account and region', async () => {
    const { cloudWatch } = simulatorClients(simulator);
    const listed = await cloudWatch.send(new ListMetricsCommand({ Namespace: 'AWS/NATGateway' }));
    const names = (listed.Metrics ?? []).map(
      (metric) => `${metric.Dimensions?.[0]?.Value}/${metric.MetricName}`,
    );
    const expected = prodGateways().flatMap((gateway) =>
      METRICS.map((metric) => `${gateway.natGatewayId}/${metric}`),
    );
    expect(names.sort()).toEqual(expected.sort());
    expect(expected).toHaveLength(4);
  });

  it("sums over yesterday's five-minute periods to the GB the bill charges for NatGateway-Bytes that day", async () => {
    const start = today - DAY;
    let meteredGb = 0;
    for (const gateway of prodGateways()) {
      const results = await processedBytes(gateway.natGatewayId, start, today, 300);
      for (const result of results) {
        expect(result.Values).toHaveLength(288);
        meteredGb += (result.Values ?? []).reduce((sum, value) => sum + value, 0) / GB;
      }
    }
    const { costExplorer } = simulatorClients(simulator);
    const billed = await costExplorer.send(
      new GetCostAndUsageCommand({
        TimePeriod: { Start: new Date(start).toISOString().slice(0, 10), End: simulator.company.anchorDay },
        Granularity: 'DAILY',
        Metrics: ['UsageQuantity'],
        Filter: {
          And: [
            { Dimensions: { Key: 'USAGE_TYPE', Values: ['NatGateway-Bytes'] } },
            { Dimensions: { Key: 'LINKED_ACCOUNT', Values: [simulator.company.managementAccountId] } },
          ],
        },
      }),
    );
    const billedGb = Number(billed.ResultsByTime?.[0]?.Total?.UsageQuantity?.Amount);
    expect(billedGb).toBeGreaterThan(100);
    expect(meteredGb).toBeCloseTo(billedGb, 3);
  });

  it('shows only finished minutes, and a leak from the minute after it starts', async () => {
    const gateway = prodGateways()[0]!;
    const now = clock.now().getTime();
    const lastHour = await processedBytes(gateway.natGatewayId, now - 3_600_000, now + 600_000, 60);
    const timestamps = lastHour[0]?.Timestamps ?? [];
    expect(timestamps.length).toBeGreaterThan(55);
    expect(Math.max(...timestamps.map((at) => at.getTime()))).toBeLessThanOrEqual(now - 60_000);
    const before = (lastHour[0]?.Values ?? []).at(-1) ?? 0;
    simulator.startNatLeak({ natGatewayId: gateway.natGatewayId, gbPerHour: 180 });
    clock.advance(5 * 60_000);
    const after = await processedBytes(gateway.natGatewayId, now, now + 5 * 60_000, 60);
    const leaked = (after[0]?.Values ?? []).at(-1) ?? 0;
    expect(leaked - before).toBeGreaterThan(0.9 * (180 / 60) * GB * 0.35);
  });
});
