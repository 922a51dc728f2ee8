import { GetMetricDataCommand, ListMetricsCommand } from '@aws-sdk/client-cloudwatch';
import { GetCostAndUsageCommand } from '@aws-sdk/client-cost-explorer';
import { LambdaClient, paginateListFunctions } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { startTestSimulator, type TestClock } from './testing/test-simulator.ts';

const DAY = 86_400_000;
const GB = 2 ** 30;

/**
 * Lambda, CloudWatch Logs, DynamoDB and Bedrock usage in CloudWatch (and Lambda's ListFunctions)
 * through the real SDK, against what the same company’s bill charges for the same day; Lambda and Logs
 * also for the whole account, without dimensions.
 */
describe('the simulated company’s usage metrics', () => {
  let simulator: AwsSimulator;
  let clock: TestClock;
  let today: number;
  let prod: string;
  beforeAll(async () => {
    ({ simulator, clock } = await startTestSimulator());
    today = Date.parse(`${simulator.company.anchorDay}T00:00:00Z`);
    prod = simulator.company.managementAccountId;
  });
  afterAll(() => simulator.close());

  const lambda = () =>
    new LambdaClient({
      endpoint: simulator.endpoint,
      region: 'us-east-1',
      credentials: simulator.credentials,
    });

  async function listFunctions() {
    const functions: Array<{ name: string; memory: number }> = [];
    for await (const page of paginateListFunctions({ client: lambda(), pageSize: 10 }, {}))
      for (const fn of page.Functions ?? [])
        functions.push({ name: fn.FunctionName!, memory: fn.MemorySize! });
    return functions;
  }

  /** One metric's Sum per resource over [start, end), one day-long period. */
  async function daySums(namespace: string, metricName: string, dimensionName: string, values: string[]) {
    const { cloudWatch } = simulatorClients(simulator);
    const answer = await cloudWatch.send(
      new GetMetricDataCommand({
        StartTime: new Date(today - DAY),
        EndTime: new Date(today),
        MetricDataQueries: values.map((Value, index) => ({
          Id: `m${index}`,
          MetricStat: {
            Metric: {
              Namespace: namespace,
              MetricName: metricName,
              Dimensions: [{ Name: dimensionName, Value }],
            },
            Period: 86_400,
            Stat: 'Sum',
          },
        })),
      }),
    );
    return (answer.MetricDataResults ?? []).map((result) => (result.Values ?? []).reduce((a, b) => a + b, 0));
  }

  async function billedYesterday(usageType: string) {
    const { costExplorer } = simulatorClients(simulator);
    const billed = await costExplorer.send(
      new GetCostAndUsageCommand({
        TimePeriod: {
          Start: new Date(today - DAY).toISOString().slice(0, 10),
          End: simulator.company.anchorDay,
        },
        Granularity: 'DAILY',
        Metrics: ['UsageQuantity'],
        Filter: {
          And: [
            { Dimensions: { Key: 'USAGE_TYPE', Values: [usageType] } },
            { Dimensions: { Key: 'LINKED_ACCOUNT', Values: [prod] } },
          ],
        },
      }),
    );
    return Number(billed.ResultsByTime?.[0]?.Total?.UsageQuantity?.Amount);
  }

  it('lists the account’s functions in pages through ListFunctions, each with its memory size', async () => {
    const functions = await listFunctions();
    expect(functions.map((fn) => fn.name)).toEqual(
      simulator
        .lambdaFunctions()
        .filter((fn) => fn.accountId === prod && fn.region === 'us-east-1')
        .map((fn) => fn.functionName)
        .sort(),
    );
    expect(functions).toHaveLength(24);
    expect(new Set(functions.map((fn) => fn.memory)).size).toBeGreaterThan(1);
  });

  it('publishes Lambda Duration that, at each function’s memory, sums to the GB-seconds the bill charges that day', async () => {
    const functions = await listFunctions();
    const durations = await daySums(
      'AWS/Lambda',
      'Duration',
      'FunctionName',
      functions.map((fn) => fn.name),
    );
    const gbSeconds = durations.reduce(
      (sum, ms, index) => sum + (ms / 1000) * (functions[index]!.memory / 1024),
      0,
    );
    const billed = await billedYesterday('Lambda-GB-Second');
    expect(billed).toBeGreaterThan(1000);
    expect(gbSeconds).toBeCloseTo(billed, 0);
    const invocations = await daySums(
      'AWS/Lambda',
      'Invocations',
      'FunctionName',
      functions.map((fn) => fn.name),
    );
    expect(invocations.reduce((a, b) => a + b, 0)).toBeCloseTo(await billedYesterday('Request'), -1);
  });

  it('publishes Logs IncomingBytes per log group and DynamoDB consumed units per table as the bill charges them', async () => {
    const groups = simulator
      .logGroups()
      .filter((group) => group.accountId === prod)
      .map((group) => group.logGroupName);
    const bytes = await daySums('AWS/Logs', 'IncomingBytes', 'LogGroupName', groups);
    expect(bytes.reduce((a, b) => a + b, 0) / GB).toBeCloseTo(
      await billedYesterday('DataProcessing-Bytes'),
      3,
    );
    const { cloudWatch } = simulatorClients(simulator);
    const listed = await cloudWatch.send(
      new ListMetricsCommand({ Namespace: 'AWS/DynamoDB', MetricName: 'ConsumedReadCapacityUnits' }),
    );
    const tables = (listed.Metrics ?? []).map((metric) => metric.Dimensions?.[0]?.Value ?? '');
    expect(tables).toHaveLength(16);
    const reads = await daySums('AWS/DynamoDB', 'ConsumedReadCapacityUnits', 'TableName', tables);
    expect(reads.reduce((a, b) => a + b, 0)).toBeCloseTo(await billedYesterday('ReadRequestUnits'), -2);
  });

  it('publishes a token spike’s Bedrock tokens per model, and stops a deleted function’s metrics and listing', async () => {
    const { cloudWatch } = simulatorClients(simulator);
    const modelId = 'anthropic.claude-3-haiku-20240307-v1:0';
    simulator.startTokenSpike({
      accountId: prod,
      region: 'us-east-1',
      modelId,
      inputTokensPerMinute: 1000,
      outputTokensPerMinute: 250,
    });
    const fn = (await listFunctions())[0]!.name;
    simulator.deleteLambdaFunction(prod, fn);
    const deletedAt = clock.now().getTime();
    clock.advance(10 * 60_000);
    const listed = await cloudWatch.send(new ListMetricsCommand({ Namespace: 'AWS/Bedrock' }));
    expect((listed.Metrics ?? []).map((metric) => metric.MetricName).sort()).toEqual([
      'InputTokenCount',
      'OutputTokenCount',
    ]);
    const answer = await cloudWatch.send(
      new GetMetricDataCommand({
        StartTime: new Date(deletedAt),
        EndTime: new Date(deletedAt + 10 * 60_000),
        MetricDataQueries: [
          {
            Id: 'tokens',
            MetricStat: {
              Metric: {
                Namespace: 'AWS/Bedrock',
                MetricName: 'OutputTokenCount',
                Dimensions: [{ Name: 'ModelId', Value: modelId }],
              },
              Period: 300,
              Stat: 'Sum',
            },
          },
          {
            Id: 'gone',
            MetricStat: {
              Metric: {
                Namespace: 'AWS/Lambda',
                MetricName: 'Invocations',
                Dimensions: [{ Name: 'FunctionName', Value: fn }],
              },
              Period: 300,
              Stat: 'Sum',
            },
          },
        ],
      }),
    );
    expect((answer.MetricDataResults?.[0]?.Values ?? []).reduce((a, b) => a + b, 0)).toBeCloseTo(2500, 6);
    expect(answer.MetricDataResults?.[1]?.Values).toEqual([]);
    expect((await listFunctions()).map((entry) => entry.name)).not.toContain(fn);
  });

  it('answers AccessDeniedException for a role without lambda:ListFunctions', async () => {
    const roleArn = `arn:aws:iam::${prod}:role/NoLambda`;
    simulator.registerRole(roleArn, 'x', { permissions: ['cloudwatch:GetMetricData'] });
    const { sts } = simulatorClients(simulator);
    const { AssumeRoleCommand } = await import('@aws-sdk/client-sts');
    const session = await sts.send(
      new AssumeRoleCommand({ RoleArn: roleArn, RoleSessionName: 'meter-test', ExternalId: 'x' }),
    );
    const client = new LambdaClient({
      endpoint: simulator.endpoint,
      region: 'us-east-1',
      credentials: {
        accessKeyId: session.Credentials!.AccessKeyId!,
        secretAccessKey: session.Credentials!.SecretAccessKey!,
        sessionToken: session.Credentials!.SessionToken!,
      },
    });
    await expect(
      client.send(new (await import('@aws-sdk/client-lambda')).ListFunctionsCommand({})),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
  });
  it('publishes Lambda and Logs for the whole account without dimensions: the sum of every resource’s, a loop and a flood included', async () => {
    const { cloudWatch } = simulatorClients(simulator);
    // ListMetrics still lists the function deleted above: its minutes before then are the account's too.
    const listedFunctions = await cloudWatch.send(
      new ListMetricsCommand({ Namespace: 'AWS/Lambda', MetricName: 'Invocations' }),
    );
    const functions = (listedFunctions.Metrics ?? []).flatMap((metric) =>
      (metric.Dimensions ?? []).map((dimension) => dimension.Value!),
    );
    const groups = simulator
      .logGroups()
      .filter((group) => group.accountId === prod && group.region === 'us-east-1')
      .map((group) => group.logGroupName);
    simulator.startLambdaLoop({
      accountId: prod,
      functionName: (await listFunctions())[0]!.name,
      invocationsPerMinute: 60_000,
      durationMs: 1_200,
    });
    simulator.startLoggingFlood({ accountId: prod, logGroupName: groups[0]!, gbPerHour: 40 });
    clock.advance(20 * 60_000);
    const endMs = Math.floor(clock.now().getTime() / 300_000) * 300_000;
    const sums = async (namespace: string, metricName: string, dimensionName: string, values: string[]) => {
      const metric = (Dimensions: Array<{ Name: string; Value: string }>) => ({
        MetricStat: {
          Metric: { Namespace: namespace, MetricName: metricName, Dimensions },
          Period: 300,
          Stat: 'Sum',
        },
      });
      const answer = await cloudWatch.send(
        new GetMetricDataCommand({
          StartTime: new Date(endMs - 3_600_000),
          EndTime: new Date(endMs),
          MetricDataQueries: [
            { Id: 'account', ...metric([]) },
            ...values.map((Value, index) => ({
              Id: `r${index}`,
              ...metric([{ Name: dimensionName, Value }]),
            })),
          ],
        }),
      );
      const [account, ...resources] = answer.MetricDataResults ?? [];
      const perPeriod = new Map<number, number>();
      for (const result of resources)
        (result.Timestamps ?? []).forEach((at, index) => {
          perPeriod.set(at.getTime(), (perPeriod.get(at.getTime()) ?? 0) + result.Values![index]!);
        });
      return { account, perPeriod };
    };
    for (const [namespace, metricName, dimensionName, values] of [
      ['AWS/Lambda', 'Invocations', 'FunctionName', functions],
      ['AWS/Logs', 'IncomingBytes', 'LogGroupName', groups],
    ] as const) {
      const { account, perPeriod } = await sums(namespace, metricName, dimensionName, [...values]);
      expect(account?.Timestamps).toHaveLength(12);
      account!.Timestamps!.forEach((at, index) => {
        expect(account!.Values![index]).toBeCloseTo(perPeriod.get(at.getTime())!, 3);
      });
    }
    // Newest first, as CloudWatch answers by default.
    const latest = (await sums('AWS/Lambda', 'Invocations', 'FunctionName', [])).account!.Values![0]!;
    expect(latest).toBeGreaterThan(300_000);
    const listed = await cloudWatch.send(new ListMetricsCommand({ Namespace: 'AWS/Logs' }));
    expect(
      (listed.Metrics ?? [])
        .filter((metric) => (metric.Dimensions ?? []).length === 0)
        .map((metric) => metric.MetricName),
    ).toEqual(['IncomingBytes']);
  });
});
