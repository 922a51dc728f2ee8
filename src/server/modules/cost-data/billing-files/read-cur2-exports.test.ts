import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cur2TestLineItem, writeCur2TestFile } from './cur2-test-files.ts';
import type { BillingFileSummary, DailyCostFact } from './daily-cost-fact.ts';
import { readDailyCostFacts } from './read-daily-cost-facts.ts';

const RI = 'arn:aws:ec2:us-east-1:123456789012:reserved-instances/ri-0abc';
const SP = 'arn:aws:savingsplans::123456789012:savingsplan/sp-0abc';

/** One line item per AWS amortization rule, each told apart by its usage type. */
// biome-ignore format: one line item per line
const lineItems: Cur2TestLineItem[] = [
  { type: 'Usage', usageType: 'on-demand', unblended: '1.25', net: '1.10', resourceId: 'i-1', tags: { user_team: 'checkout', user_env: '' } },
  { type: 'Usage', usageType: 'on-demand', start: '2026-10-05 23:00:00', unblended: '0.75', net: '0.70', resourceId: 'i-1', tags: { user_team: 'checkout', user_env: '' } },
  { type: 'Usage', usageType: 'on-demand', start: '2026-10-06 00:00:00', unblended: '2', resourceId: 'i-1', tags: { user_team: 'checkout' } },
  { type: 'SavingsPlanCoveredUsage', usageType: 'sp-covered', unblended: '10.00', savingsPlanEffectiveCost: '6.50', savingsPlanArn: SP, resourceId: 'i-2' },
  { type: 'SavingsPlanNegation', usageType: 'sp-negation', unblended: '-10.00', savingsPlanArn: SP, resourceId: 'i-2' },
  { type: 'SavingsPlanUpfrontFee', usageType: 'sp-upfront', unblended: '1000.00', savingsPlanArn: SP },
  { type: 'SavingsPlanRecurringFee', usageType: 'sp-recurring', unblended: '24.00', savingsPlanTotalCommitmentToDate: '24.00', savingsPlanUsedCommitment: '20.75', savingsPlanArn: SP },
  { type: 'DiscountedUsage', usageType: 'ri-covered', unblended: '0', reservationEffectiveCost: '0.4321', reservationArn: RI, resourceId: 'i-3' },
  { type: 'RIFee', usageType: 'ri-fee', unblended: '50.00', reservationUnusedAmortizedUpfrontFee: '1.10', reservationUnusedRecurringFee: '2.20', reservationArn: RI },
  { type: 'Fee', usageType: 'ri-upfront', unblended: '5000.00', reservationArn: RI },
  { type: 'Fee', usageType: 'other-fee', unblended: '15.00' },
  { type: 'Tax', usageType: 'tax', unblended: '0.88' },
  { type: 'Credit', usageType: 'credit', unblended: '-5.00', net: '-5.00' },
];

const amount = (value: string) => Number(value);

describe.each(['parquet', 'csv.gz'] as const)('a CUR 2.0 export as %s', (container) => {
  let directory: string;
  let facts: DailyCostFact[];
  let summary: BillingFileSummary;
  const factOf = (usageType: string, usageDate = '2026-10-05') => {
    const found = facts.filter((fact) => fact.usageType === usageType && fact.usageDate === usageDate);
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'cur2-amortization-'));
    // No extension: the reader goes by the bytes, not the name.
    const file = path.join(directory, 'export-part-00001');
    await writeCur2TestFile(file, lineItems, container);
    facts = [];
    for await (const batch of readDailyCostFacts(file, { onSummary: (s) => (summary = s) }))
      facts.push(...batch);
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('is recognized as CUR 2.0 in its container', () => {
    expect(summary).toMatchObject({ format: 'cur2', container, lineItems: lineItems.length });
  });

  it('amortizes Savings Plan covered usage to its effective cost and the negation and upfront fee to 0', () => {
    expect(amount(factOf('sp-covered').amortizedCost)).toBe(6.5);
    expect(amount(factOf('sp-covered').unblendedCost)).toBe(10);
    expect(amount(factOf('sp-negation').amortizedCost)).toBe(0);
    expect(amount(factOf('sp-upfront').amortizedCost)).toBe(0);
  });

  it("counts only a Savings Plan's unused commitment from its recurring fee", () => {
    expect(factOf('sp-recurring').amortizedCost).toBe('3.250000000000');
  });

  it('amortizes reserved usage to its effective cost and the RI fee to its unused parts', () => {
    expect(factOf('ri-covered').amortizedCost).toBe('0.432100000000');
    expect(factOf('ri-fee').amortizedCost).toBe('3.300000000000');
    expect(amount(factOf('ri-upfront').amortizedCost)).toBe(0);
  });

  it('keeps everything else at its unblended cost, a fee without a reservation included', () => {
    expect(amount(factOf('other-fee').amortizedCost)).toBe(15);
    expect(amount(factOf('tax').amortizedCost)).toBe(0.88);
    expect(amount(factOf('credit').amortizedCost)).toBe(-5);
  });

  it('sums the line items of one UTC day and resource, and starts a new fact at midnight', () => {
    const day = factOf('on-demand');
    expect(day).toMatchObject({ lineItems: 2, unblendedCost: '2.000000000000', resourceId: 'i-1' });
    expect(factOf('on-demand', '2026-10-06')).toMatchObject({
      lineItems: 1,
      unblendedCost: '2.000000000000',
    });
  });

  it('takes net cost from the net column, and the unblended cost where it is empty', () => {
    expect(factOf('on-demand').netCost).toBe('1.800000000000');
    expect(factOf('on-demand', '2026-10-06').netCost).toBe('2.000000000000');
    expect(factOf('tax').netCost).toBe('0.880000000000');
  });

  it('names the service from the product map and strips user_ from tag keys, dropping empty values', () => {
    expect(factOf('on-demand')).toMatchObject({
      serviceCode: 'AmazonEC2',
      serviceName: 'Amazon Elastic Compute Cloud',
      region: 'us-east-1',
      usageAccountName: 'Production',
      billingAccountId: '999999999999',
      billingPeriod: '2026-10-01',
      tags: { team: 'checkout' },
    });
    expect(factOf('tax').tags).toEqual({});
  });

  it('totals the file by what each rule produced', () => {
    expect(summary.totalUnblendedCost).toBe('6088.880000000000');
    // 1.25 + 0.75 + 2 + 6.5 + 3.25 + 0.4321 + 3.3 + 15 + 0.88 - 5
    expect(summary.totalAmortizedCost).toBe('28.362100000000');
  });
});

describe('a CUR 2.0 export whose query flattened the product columns', () => {
  it('reads the service from product_servicecode and product_product_name', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'cur2-flattened-'));
    try {
      const file = path.join(directory, 'flattened.csv');
      writeFileSync(
        file,
        [
          'bill_billing_period_start_date,line_item_usage_account_id,line_item_line_item_type,line_item_usage_start_date,product_servicecode,product_product_name,line_item_unblended_cost,resource_tags',
          '2026-10-01T00:00:00Z,123456789012,Usage,2026-10-02T03:00:00Z,AmazonS3,Amazon Simple Storage Service,0.023,"{""user_team"":""web""}"',
        ].join('\n'),
      );
      const facts: DailyCostFact[] = [];
      for await (const batch of readDailyCostFacts(file)) facts.push(...batch);
      expect(facts).toEqual([
        expect.objectContaining({
          serviceCode: 'AmazonS3',
          serviceName: 'Amazon Simple Storage Service',
          tags: { team: 'web' },
          unblendedCost: '0.023000000000',
        }),
      ]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('stored tag sets that normalize to one (decision 115)', () => {
  const readFacts = async (items: Cur2TestLineItem[]) => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'cur2-tag-sets-'));
    try {
      const file = path.join(directory, 'tags.parquet');
      await writeCur2TestFile(file, items, 'parquet');
      const facts: DailyCostFact[] = [];
      for await (const batch of readDailyCostFacts(file)) facts.push(...batch);
      return facts;
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  };

  it('sums the lines of two spellings of one tag set into one fact', async () => {
    // biome-ignore format: one line item per line
    const facts = await readFacts([
      { type: 'Usage', usageType: 'on-demand', unblended: '1.25', resourceId: 'i-1', tags: { user_team: 'checkout', user_env: '' } },
      { type: 'Usage', usageType: 'on-demand', unblended: '0.50', resourceId: 'i-1', tags: { team: 'checkout' } },
      { type: 'Usage', usageType: 'on-demand', unblended: '2.00', resourceId: 'i-1', tags: { user_team: 'search' } },
    ]);
    expect(facts.map((fact) => [fact.tags, fact.unblendedCost, fact.lineItems])).toEqual(
      expect.arrayContaining([
        [{ team: 'checkout' }, '1.750000000000', 2],
        [{ team: 'search' }, '2.000000000000', 1],
      ]),
    );
    expect(facts).toHaveLength(2);
  });

  it('keeps one fact per stored tag set when no two normalize to one', async () => {
    // biome-ignore format: one line item per line
    const facts = await readFacts([
      { type: 'Usage', usageType: 'on-demand', unblended: '1.25', resourceId: 'i-1', tags: { user_team: 'checkout' } },
      { type: 'Usage', usageType: 'on-demand', unblended: '0.50', resourceId: 'i-1', tags: { user_team: 'checkout' } },
      { type: 'Usage', usageType: 'on-demand', unblended: '2.00', resourceId: 'i-1', tags: { user_team: 'search' } },
    ]);
    expect(facts.map((fact) => [fact.tags, fact.unblendedCost, fact.lineItems])).toEqual(
      expect.arrayContaining([
        [{ team: 'checkout' }, '1.750000000000', 2],
        [{ team: 'search' }, '2.000000000000', 1],
      ]),
    );
    expect(facts).toHaveLength(2);
  });
});
