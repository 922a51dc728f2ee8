import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CUR_SAMPLE,
  FOCUS_SAMPLE,
  ONE_MICRO_DOLLAR,
  parseCsv,
  picoUnits,
  sumBy,
} from '../../../testing/raw-billing-samples.ts';
import type { BillingFileSummary, DailyCostFact } from './daily-cost-fact.ts';
import { readDailyCostFacts } from './read-daily-cost-facts.ts';

function expectSameTotals(actual: Map<string, bigint>, expected: Map<string, bigint>) {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, value] of expected) {
    const difference = (actual.get(key) ?? 0n) - value;
    expect(difference < 0n ? -difference : difference, `total of ${key}`).toBeLessThanOrEqual(
      ONE_MICRO_DOLLAR,
    );
  }
}

async function readAll(file: string) {
  const facts: DailyCostFact[] = [];
  let summary: BillingFileSummary | undefined;
  for await (const batch of readDailyCostFacts(file, { batchSize: 100, onSummary: (s) => (summary = s) })) {
    facts.push(...batch);
  }
  return { facts, summary: summary! };
}

interface Sample {
  file: string;
  day: (row: Record<string, string>) => string;
  service: (row: Record<string, string>) => string;
  account: (row: Record<string, string>) => string;
  unblended: string;
  amortized: string;
}

const samples: Record<string, Sample> = {
  'FOCUS sample': {
    file: FOCUS_SAMPLE,
    day: (row) => row.ChargePeriodStart!.slice(0, 10),
    service: (row) => row.ServiceName!,
    account: (row) => row.SubAccountId!,
    unblended: 'BilledCost',
    amortized: 'EffectiveCost',
  },
  'legacy CUR sample': {
    file: CUR_SAMPLE,
    day: (row) => row['lineItem/UsageStartDate']!.slice(0, 10),
    service: (row) => row['lineItem/ProductCode']!,
    account: (row) => row['lineItem/UsageAccountId']!,
    unblended: 'lineItem/UnblendedCost',
    // Only Usage and Tax lines (asserted below): AWS amortizes those to their unblended cost.
    amortized: 'lineItem/UnblendedCost',
  },
};

describe.each(Object.entries(samples))('the %s', (_name, sample) => {
  let rows: Record<string, string>[];
  let facts: DailyCostFact[];
  beforeAll(async () => {
    rows = parseCsv(readFileSync(sample.file, 'utf8'));
    ({ facts } = await readAll(sample.file));
  });

  it('accounts for every line item', () => {
    expect(facts.reduce((count, fact) => count + fact.lineItems, 0)).toBe(rows.length);
  });

  const dimensions = [
    ['day', (fact: DailyCostFact) => fact.usageDate, 'day'],
    ['service', (fact: DailyCostFact) => fact.serviceCode, 'service'],
    ['account', (fact: DailyCostFact) => fact.usageAccountId, 'account'],
  ] as const;
  for (const [dimension, factKey, rowKey] of dimensions) {
    it(`totals unblended and amortized cost per ${dimension} as the raw rows add up`, () => {
      expectSameTotals(
        sumBy(facts, factKey, (fact) => picoUnits(fact.unblendedCost)),
        sumBy(rows, sample[rowKey], (row) => picoUnits(row[sample.unblended]!)),
      );
      expectSameTotals(
        sumBy(facts, factKey, (fact) => picoUnits(fact.amortizedCost)),
        sumBy(rows, sample[rowKey], (row) => picoUnits(row[sample.amortized]!)),
      );
    });
  }
});

describe('the FOCUS sample, beyond totals', () => {
  let rows: Record<string, string>[];
  let facts: DailyCostFact[];
  let summary: BillingFileSummary;
  beforeAll(async () => {
    rows = parseCsv(readFileSync(FOCUS_SAMPLE, 'utf8'));
    ({ facts, summary } = await readAll(FOCUS_SAMPLE));
  });

  it('keeps the rows of every provider, with the provider as a dimension', () => {
    const lineItemsByProvider = sumBy(
      facts,
      (fact) => fact.provider,
      (fact) => BigInt(fact.lineItems),
    );
    expect(Object.fromEntries(lineItemsByProvider)).toEqual({ AWS: 942n, Microsoft: 51n, Oracle: 7n });
    expect(summary.providers).toEqual(['AWS', 'Microsoft', 'Oracle']);
    expect(summary.format).toBe('focus');
  });

  const tagsOfRow = (row: Record<string, string>) =>
    facts
      .filter(
        (fact) =>
          fact.resourceId === row.ResourceId && fact.usageDate === row.ChargePeriodStart!.slice(0, 10),
      )
      .map((fact) => fact.tags);

  it('reads JSON tags into trimmed keys, one "org" out of "org" and " org"', () => {
    const row = rows.find(
      (candidate) => candidate.Tags!.includes('" org"') && candidate.Tags!.includes('Project'),
    );
    expect(tagsOfRow(row!)).toContainEqual({
      CostAllocationTest: 'Sameer',
      CostCenter: '1234',
      Project: 'Foo',
      env: 'prod',
      org: 'trey',
    });
  });

  it('drops tags with an empty value and counts rows tagged NULL as untagged', () => {
    const row = rows.find((candidate) => candidate.Tags!.includes('"aks-managed-createOperationID": ""'));
    const [tags] = tagsOfRow(row!);
    expect(tags).toMatchObject({ ccm: 'ElieTest', 'aks-managed-poolName': 'secretagent' });
    expect(tags).not.toHaveProperty('aks-managed-createOperationID');
    const untagged = facts.filter((fact) => Object.keys(fact.tags).length === 0);
    const untaggedRows = rows.filter((candidate) => candidate.Tags === 'NULL');
    expect(untagged.reduce((count, fact) => count + fact.lineItems, 0)).toBe(untaggedRows.length);
  });

  it('gives AWS rows their application, business unit and environment tags', () => {
    const row = rows.find((candidate) => candidate.ProviderName === 'AWS' && candidate.Tags !== 'NULL');
    expect(tagsOfRow(row!)).toContainEqual(JSON.parse(row!.Tags!));
  });

  it('reports charge categories in one casing and the billing periods present', () => {
    expect(new Set(facts.map((fact) => fact.chargeType))).toEqual(new Set(['Usage', 'Adjustment', 'Credit']));
    expect(summary.billingPeriods).toEqual(['2024-09-01', '2024-10-01']);
    expect(summary.currencies).toEqual([
      { currency: 'USD', nonUsd: false, unblendedCost: summary.totalUnblendedCost },
    ]);
  });
});

describe('the legacy CUR sample, beyond totals', () => {
  it('holds only Usage and Tax lines, so its amortized cost is its unblended cost', async () => {
    const rows = parseCsv(readFileSync(CUR_SAMPLE, 'utf8'));
    expect(new Set(rows.map((row) => row['lineItem/LineItemType']))).toEqual(new Set(['Usage', 'Tax']));
    const { summary } = await readAll(CUR_SAMPLE);
    expect(summary).toMatchObject({ format: 'cur-legacy-csv', lineItems: 1281, days: 14 });
    expect(summary.billingPeriods).toEqual(['2023-11-01']);
    expect(summary.totalAmortizedCost).toBe(summary.totalUnblendedCost);
  });
});
