import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athenaColumnName } from './column-names.ts';
import type { BillingFileSummary, DailyCostFact } from './daily-cost-fact.ts';
import { readDailyCostFacts } from './read-daily-cost-facts.ts';

const LEGACY_HEADER = [
  'identity/LineItemId',
  'bill/PayerAccountId',
  'bill/BillingPeriodStartDate',
  'lineItem/UsageAccountId',
  'lineItem/LineItemType',
  'lineItem/UsageStartDate',
  'lineItem/ProductCode',
  'lineItem/UsageType',
  'lineItem/ResourceId',
  'lineItem/UsageAmount',
  'lineItem/CurrencyCode',
  'lineItem/UnblendedCost',
  'lineItem/NetUnblendedCost',
  'product/ProductName',
  'product/region',
  'reservation/ReservationARN',
  'reservation/EffectiveCost',
  'reservation/UnusedAmortizedUpfrontFeeForBillingPeriod',
  'reservation/UnusedRecurringFee',
  'savingsPlan/SavingsPlanEffectiveCost',
  'savingsPlan/TotalCommitmentToDate',
  'savingsPlan/UsedCommitment',
  'resourceTags/user:team',
  'resourceTags/user:Cost Center',
  'resourceTags/aws:createdBy',
];

const period = '2023-11-01T00:00:00.000Z';
const RI = 'arn:aws:ec2:us-east-1:1:reserved-instances/ri-1';
// biome-ignore format: one line item per row reads like the CSV it becomes
const LINES = [
  ['1', '111', period, '222', 'Usage', '2023-11-03T05:00:00.000Z', 'AmazonEC2', 'BoxUsage', 'i-1', '1', 'USD', '1.5E-1', '', 'Amazon Elastic Compute Cloud', 'us-east-1', '', '', '', '', '', '', '', 'web', 'CC-7', 'root'],
  ['2', '111', period, '222', 'DiscountedUsage', '2023-11-03T06:00:00.000Z', 'AmazonEC2', 'BoxUsage', 'i-2', '1', 'USD', '0', '', 'Amazon Elastic Compute Cloud', 'us-east-1', RI, '0.061', '', '', '', '', '', 'web', '', ''],
  ['3', '111', period, '222', 'RIFee', '2023-11-01T00:00:00.000Z', 'AmazonEC2', 'HeavyUsage', '', '720', 'USD', '43.2', '', 'Amazon Elastic Compute Cloud', 'us-east-1', RI, '', '4.5', '1.5', '', '', '', '', '', ''],
  ['4', '111', period, '222', 'SavingsPlanRecurringFee', '2023-11-03T00:00:00.000Z', 'ComputeSavingsPlans', 'ComputeSP:1yrNoUpfront', '', '1', 'USD', '2', '', 'Savings Plans for AWS Compute usage', 'global', '', '', '', '', '', '2', '1.6', '', '', ''],
  ['5', '111', period, '222', 'Tax', '2023-11-01T00:00:00.000Z', 'AmazonEC2', '', '', '1', 'USD', '0.33', '0.30', 'Amazon Elastic Compute Cloud', '', '', '', '', '', '', '', '', '', '', ''],
];

function csv(header: string[], rows: string[][]): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return [header, ...rows].map((row) => row.map(quote).join(',')).join('\r\n');
}

async function readAll(file: string) {
  const facts: DailyCostFact[] = [];
  let summary: BillingFileSummary | undefined;
  for await (const batch of readDailyCostFacts(file, { onSummary: (s) => (summary = s) }))
    facts.push(...batch);
  return { facts, summary: summary! };
}

const styles = {
  'the legacy CSV style (lineItem/UnblendedCost)': { header: LEGACY_HEADER, format: 'cur-legacy-csv' },
  'the Athena snake_case style (line_item_unblended_cost)': {
    header: LEGACY_HEADER.map(athenaColumnName),
    format: 'cur-athena',
  },
};

describe.each(Object.entries(styles))('a legacy CUR in %s', (_style, { header, format }) => {
  let directory: string;
  let facts: DailyCostFact[];
  let summary: BillingFileSummary;
  const factOf = (type: string) => facts.find((fact) => fact.chargeType === type)!;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(os.tmpdir(), 'cur-legacy-'));
    const file = path.join(directory, 'report.csv');
    writeFileSync(file, csv(header, LINES));
    ({ facts, summary } = await readAll(file));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('is recognized by its column names', () => {
    expect(summary.format).toBe(format);
  });

  it('applies the same amortization rules as CUR 2.0', () => {
    expect(factOf('Usage').amortizedCost).toBe('0.150000000000');
    expect(factOf('DiscountedUsage').amortizedCost).toBe('0.061000000000');
    expect(factOf('RIFee').amortizedCost).toBe('6.000000000000');
    expect(factOf('SavingsPlanRecurringFee').amortizedCost).toBe('0.400000000000');
    expect(factOf('Tax').amortizedCost).toBe('0.330000000000');
  });

  it('reads the tag columns as tags, without the user: prefix', () => {
    expect(factOf('Usage').tags).toEqual(
      format === 'cur-legacy-csv'
        ? { team: 'web', 'Cost Center': 'CC-7', 'aws:createdBy': 'root' }
        : { team: 'web', cost_center: 'CC-7', aws_created_by: 'root' },
    );
    expect(factOf('DiscountedUsage').tags).toEqual({ team: 'web' });
  });

  it('reads a global service as having no region, and net cost where AWS gives it', () => {
    expect(factOf('SavingsPlanRecurringFee').region).toBe('');
    expect(factOf('Usage')).toMatchObject({ region: 'us-east-1', netCost: '0.150000000000' });
    expect(factOf('Tax').netCost).toBe('0.300000000000');
  });
});
