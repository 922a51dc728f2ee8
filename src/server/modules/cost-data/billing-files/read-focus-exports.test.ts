import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOCUS_SAMPLE } from '../../../testing/raw-billing-samples.ts';
import type { BillingFileSummary, DailyCostFact } from './daily-cost-fact.ts';
import { readDailyCostFacts } from './read-daily-cost-facts.ts';
import { quoteLiteral } from './sql-text.ts';

async function readAll(file: string) {
  const facts: DailyCostFact[] = [];
  let summary: BillingFileSummary | undefined;
  for await (const batch of readDailyCostFacts(file, { onSummary: (s) => (summary = s) }))
    facts.push(...batch);
  return { facts, summary: summary! };
}

/** The sample as a typed Parquet file, with snake_case names and tags as a MAP, as some exporters write it. */
async function writeSampleAsParquet(file: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`COPY (
      SELECT
        CAST(BilledCost AS DOUBLE) AS billed_cost, CAST(EffectiveCost AS DOUBLE) AS effective_cost,
        BillingAccountId AS billing_account_id, BillingCurrency AS billing_currency,
        CAST(BillingPeriodStart AS TIMESTAMP) AS billing_period_start, ChargeCategory AS charge_category,
        CAST(ChargePeriodStart AS TIMESTAMP) AS charge_period_start, TRY_CAST(ConsumedQuantity AS DOUBLE) AS consumed_quantity,
        ProviderName AS provider_name, RegionId AS region_id, RegionName AS region_name, ResourceId AS resource_id,
        ServiceName AS service_name, SubAccountId AS sub_account_id, SubAccountName AS sub_account_name,
        TRY_CAST(TRY_CAST(Tags AS JSON) AS MAP(VARCHAR, VARCHAR)) AS tags
      FROM read_csv(${quoteLiteral(FOCUS_SAMPLE)}, all_varchar = true, nullstr = 'NULL')
    ) TO ${quoteLiteral(file)} (FORMAT parquet)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const totalsByProvider = (facts: DailyCostFact[]) => {
  const totals: Record<string, number> = {};
  for (const fact of facts) totals[fact.provider] = (totals[fact.provider] ?? 0) + Number(fact.amortizedCost);
  return totals;
};

describe('FOCUS exports beyond the CSV sample', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'focus-variants-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('reads the sample as Parquet with snake_case names and map tags into the same facts as its CSV', async () => {
    const parquet = path.join(directory, 'focus.parquet');
    await writeSampleAsParquet(parquet);
    const fromCsv = await readAll(FOCUS_SAMPLE);
    const fromParquet = await readAll(parquet);
    expect(fromParquet.summary).toMatchObject({ format: 'focus', container: 'parquet', lineItems: 1000 });
    expect(fromParquet.summary.totalUnblendedCost).toBe(fromCsv.summary.totalUnblendedCost);
    expect(fromParquet.summary.totalAmortizedCost).toBe(fromCsv.summary.totalAmortizedCost);
    expect(fromParquet.facts).toHaveLength(fromCsv.facts.length);
    expect(totalsByProvider(fromParquet.facts)).toEqual(totalsByProvider(fromCsv.facts));
    const tagged = (facts: DailyCostFact[]) => facts.filter((fact) => fact.tags.org === 'trey').length;
    expect(tagged(fromParquet.facts)).toBe(tagged(fromCsv.facts));
  });

  it('flags spend in a currency other than USD and unifies the casing of charge categories', async () => {
    const file = path.join(directory, 'eur.csv');
    writeFileSync(
      file,
      [
        'ProviderName,BillingAccountId,SubAccountId,ChargePeriodStart,BillingPeriodStart,ChargeCategory,ServiceName,BilledCost,EffectiveCost,BillingCurrency,Tags',
        'Microsoft,ba-1,sub-1,2024-09-03T00:00:00Z,2024-09-01T00:00:00Z,usage,Virtual Machines,12.5,10,EUR,"{""team"": ""data""}"',
        'Microsoft,ba-1,sub-1,2024-09-03T00:00:00Z,2024-09-01T00:00:00Z,USAGE,Virtual Machines,2.5,2,EUR,NULL',
        'AWS,ba-2,sub-2,2024-09-03T00:00:00Z,2024-09-01T00:00:00Z,Tax,Amazon S3,1,1,USD,not json',
      ].join('\n'),
    );
    const { facts, summary } = await readAll(file);
    expect(summary.currencies).toEqual([
      { currency: 'EUR', nonUsd: true, unblendedCost: '15.000000000000' },
      { currency: 'USD', nonUsd: false, unblendedCost: '1.000000000000' },
    ]);
    const azure = facts.filter((fact) => fact.provider === 'Microsoft');
    expect(azure.map((fact) => fact.chargeType)).toEqual(['Usage', 'Usage']);
    expect(azure.map((fact) => fact.tags)).toContainEqual({ team: 'data' });
    expect(facts.find((fact) => fact.provider === 'AWS')?.tags).toEqual({});
  });
});
