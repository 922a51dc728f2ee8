import { rm } from 'node:fs/promises';
import {
  GetCostAndUsageCommand,
  type GetCostAndUsageCommandInput,
  type ResultByTime,
} from '@aws-sdk/client-cost-explorer';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { dataKey, downloadObject, scratchDirectory } from './testing/download-parquet.ts';
import { assumeRole, startTestSimulator } from './testing/test-simulator.ts';

type Clients = ReturnType<typeof simulatorClients>;

/** Follows NextPageToken to the end, as a careful client must (each page is a paid call). */
async function allPages(clients: Clients, input: GetCostAndUsageCommandInput) {
  const results: ResultByTime[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    const page = await clients.costExplorer.send(
      new GetCostAndUsageCommand({ ...input, NextPageToken: token }),
    );
    results.push(...(page.ResultsByTime ?? []));
    token = page.NextPageToken;
    pages += 1;
  } while (token);
  return { results, pages };
}

function amountsByDayAndKey(results: ResultByTime[], metric: string): Map<string, string> {
  const amounts = new Map<string, string>();
  for (const result of results) {
    for (const group of result.Groups ?? []) {
      amounts.set(
        `${result.TimePeriod?.Start}|${group.Keys?.join('|')}`,
        group.Metrics?.[metric]?.Amount ?? '',
      );
    }
  }
  return amounts;
}

/** The amortized rules, written out independently of the simulator's own SQL. */
const AMORTIZED = `CASE
  WHEN line_item_line_item_type = 'SavingsPlanCoveredUsage' THEN savings_plan_savings_plan_effective_cost
  WHEN line_item_line_item_type = 'SavingsPlanNegation' THEN 0
  WHEN line_item_line_item_type = 'SavingsPlanRecurringFee' THEN savings_plan_total_commitment_to_date - savings_plan_used_commitment
  WHEN line_item_line_item_type = 'DiscountedUsage' THEN reservation_effective_cost
  WHEN line_item_line_item_type = 'RIFee' THEN reservation_unused_amortized_upfront_fee_for_billing_period + reservation_unused_recurring_fee
  ELSE line_item_unblended_cost END`;

describe('Cost Explorer GetCostAndUsage over the generated company', () => {
  let simulator: AwsSimulator;
  let clients: Clients;
  let duckdb: DuckDBConnection;
  let parquetFiles: string;
  let scratch: string;

  beforeAll(async () => {
    ({ simulator } = await startTestSimulator());
    clients = simulatorClients(simulator);
    scratch = await scratchDirectory();
    const { bucket, prefix, exportName } = simulator.company;
    const files = await Promise.all(
      ['2026-10', '2026-11'].map((period) =>
        downloadObject(clients.s3, bucket, dataKey(prefix, exportName, period), scratch),
      ),
    );
    parquetFiles = `read_parquet([${files.map((file) => `'${file}'`).join(', ')}])`;
    duckdb = await (await DuckDBInstance.create(':memory:')).connect();
  });
  afterAll(async () => {
    await simulator.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('answers daily cost by service, over several pages, equal to the Parquet rows to the cent', async () => {
    const { results, pages } = await allPages(clients, {
      TimePeriod: { Start: '2026-10-01', End: '2026-11-23' },
      Granularity: 'DAILY',
      Metrics: ['UnblendedCost'],
      GroupBy: [{ Type: 'DIMENSION', Key: 'SERVICE' }],
    });
    expect(pages).toBeGreaterThan(1);
    const fromCostExplorer = amountsByDayAndKey(results, 'UnblendedCost');
    // Cost Explorer files tax under a "Tax" service; the CUR keeps the taxed product on the row.
    const reader = await duckdb.runAndReadAll(`
      SELECT CAST(CAST(line_item_usage_start_date AS DATE) AS VARCHAR) AS day,
        CASE WHEN line_item_line_item_type = 'Tax' THEN 'Tax' ELSE product['product_name'] END AS service,
        CAST(sum(line_item_unblended_cost) AS VARCHAR) AS cost
      FROM ${parquetFiles} GROUP BY ALL`);
    const fromParquet = new Map(
      reader.getRowObjectsJson().map((row) => [`${row.day}|${row.service}`, String(row.cost)]),
    );
    expect(fromCostExplorer.size).toBe(fromParquet.size);
    expect(fromCostExplorer.size).toBeGreaterThan(52 * 25);
    for (const [dayAndService, cost] of fromParquet) {
      expect(Number(fromCostExplorer.get(dayAndService)), dayAndService).toBeCloseTo(Number(cost), 2);
    }
  });

  it('answers monthly amortized cost by linked account that follows the amortization rules', async () => {
    const { results } = await allPages(clients, {
      TimePeriod: { Start: '2026-10-01', End: '2026-11-01' },
      Granularity: 'MONTHLY',
      Metrics: ['AmortizedCost', 'UnblendedCost'],
      GroupBy: [{ Type: 'DIMENSION', Key: 'LINKED_ACCOUNT' }],
    });
    const reader = await duckdb.runAndReadAll(`
      SELECT line_item_usage_account_id AS account, CAST(sum(${AMORTIZED}) AS VARCHAR) AS amortized,
        CAST(sum(line_item_unblended_cost) AS VARCHAR) AS unblended
      FROM ${parquetFiles} WHERE line_item_usage_start_date < TIMESTAMP '2026-11-01' GROUP BY ALL`);
    const groups = results[0]?.Groups ?? [];
    expect(groups.map((group) => group.Keys?.[0]).sort()).toEqual(
      simulator.company.accounts.map((account) => account.id).sort(),
    );
    for (const row of reader.getRowObjectsJson()) {
      const group = groups.find((candidate) => candidate.Keys?.[0] === row.account);
      expect(Number(group?.Metrics?.AmortizedCost?.Amount)).toBeCloseTo(Number(row.amortized), 2);
      expect(Number(group?.Metrics?.UnblendedCost?.Amount)).toBeCloseTo(Number(row.unblended), 2);
    }
    const management = groups.find((group) => group.Keys?.[0] === simulator.company.managementAccountId);
    // The unused RDS reservation makes amortized cost exceed what was billed that month.
    expect(Number(management?.Metrics?.AmortizedCost?.Amount)).toBeGreaterThan(
      Number(management?.Metrics?.UnblendedCost?.Amount),
    );
  });

  it('groups by tag with the untagged spend under "team$"', async () => {
    const { results } = await allPages(clients, {
      TimePeriod: { Start: '2026-10-01', End: '2026-11-01' },
      Granularity: 'MONTHLY',
      Metrics: ['UnblendedCost'],
      GroupBy: [{ Type: 'TAG', Key: 'team' }],
    });
    const byTeam: Record<string, number> = Object.fromEntries(
      (results[0]?.Groups ?? []).map((group) => [
        group.Keys?.[0] ?? '',
        Number(group.Metrics?.UnblendedCost?.Amount),
      ]),
    );
    expect(Object.keys(byTeam).sort()).toEqual([
      'team$',
      'team$data',
      'team$growth',
      'team$payments',
      'team$platform',
      'team$web',
    ]);
    const total = Object.values(byTeam).reduce((sum, amount) => sum + amount, 0);
    const untaggedShare = (byTeam.team$ ?? 0) / total;
    expect(untaggedShare).toBeGreaterThan(0.15);
    expect(untaggedShare).toBeLessThan(0.3);
  });

  it('bills an m5.4xlarge day at 24 hours of its us-east-1 list price', async () => {
    const { results } = await allPages(clients, {
      TimePeriod: { Start: '2026-10-14', End: '2026-10-15' },
      Granularity: 'DAILY',
      Metrics: ['UnblendedCost', 'UsageQuantity'],
      Filter: { Dimensions: { Key: 'USAGE_TYPE', Values: ['BoxUsage:m5.4xlarge'] } },
    });
    expect(results[0]?.Total?.UsageQuantity?.Amount).toBe('24');
    expect(Number(results[0]?.Total?.UnblendedCost?.Amount)).toBeCloseTo(24 * 0.768, 8);
  });

  it('shows the planted NAT gateway spike in EC2 spend a few days before the anchor day', async () => {
    const { results } = await allPages(clients, {
      TimePeriod: { Start: '2026-11-08', End: '2026-11-22' },
      Granularity: 'DAILY',
      Metrics: ['UnblendedCost'],
      Filter: { Dimensions: { Key: 'USAGE_TYPE', Values: ['NatGateway-Bytes'] } },
    });
    const daily = Object.fromEntries(
      results.map((result) => [result.TimePeriod?.Start, Number(result.Total?.UnblendedCost?.Amount)]),
    );
    expect(simulator.company.spikes[0]?.days).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
    const ordinaryDay = daily['2026-11-11'] ?? 0;
    for (const day of ['2026-11-18', '2026-11-19', '2026-11-20'])
      expect(daily[day]).toBeGreaterThan(ordinaryDay * 5);
    expect(daily['2026-11-21']).toBeLessThan(ordinaryDay * 2);
  });

  it('marks the current month as estimated and refuses a range older than 14 months', async () => {
    const { results } = await allPages(clients, {
      TimePeriod: { Start: '2026-10-01', End: '2026-12-01' },
      Granularity: 'MONTHLY',
      Metrics: ['UnblendedCost'],
    });
    expect(results.map((result) => result.Estimated)).toEqual([false, true]);
    const tooOld = clients.costExplorer.send(
      new GetCostAndUsageCommand({
        TimePeriod: { Start: '2025-01-01', End: '2025-02-01' },
        Granularity: 'MONTHLY',
        Metrics: ['UnblendedCost'],
      }),
    );
    await expect(tooOld).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it('shows a linked account only its own costs', async () => {
    const dataAccount = simulator.company.accounts.find((account) => account.name === 'acme-data');
    const credentials = await assumeRole(
      simulator,
      dataAccount?.demoRoleArn ?? '',
      simulator.company.demoExternalId,
    );
    const { results } = await allPages(simulatorClients(simulator, { credentials }), {
      TimePeriod: { Start: '2026-10-01', End: '2026-11-01' },
      Granularity: 'MONTHLY',
      Metrics: ['UnblendedCost'],
      GroupBy: [{ Type: 'DIMENSION', Key: 'LINKED_ACCOUNT' }],
    });
    expect(results[0]?.Groups?.map((group) => group.Keys?.[0])).toEqual([dataAccount?.id]);
  });

  it('counts each answered page as one paid call and throttles with LimitExceededException', async () => {
    const before = simulator.callCount('ce', 'GetCostAndUsage');
    const input = {
      TimePeriod: { Start: '2026-11-01', End: '2026-11-02' },
      Granularity: 'DAILY' as const,
      Metrics: ['UnblendedCost'],
    };
    await clients.costExplorer.send(new GetCostAndUsageCommand(input));
    expect(simulator.callCount('ce', 'GetCostAndUsage')).toBe(before + 1);
    simulator.faults.throttle('ce', 1);
    const noRetry = simulatorClients(simulator, { maxAttempts: 1 });
    await expect(noRetry.costExplorer.send(new GetCostAndUsageCommand(input))).rejects.toMatchObject({
      name: 'LimitExceededException',
      message: 'Rate limit exceeded',
      $metadata: { httpStatusCode: 400 },
    });
    expect(simulator.callCount('ce', 'GetCostAndUsage')).toBe(before + 1);
  });
});
