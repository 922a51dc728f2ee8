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
 * through the real SDK, against what the same company's bill charges for the same day.
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
});
