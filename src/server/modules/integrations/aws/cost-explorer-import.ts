import fs from 'node:fs';
import path from 'node:path';
import {
  type CostExplorerClient,
  GetCostAndUsageCommand,
  type ResultByTime,
} from '@aws-sdk/client-cost-explorer';
import { csvField } from '../../../../domain/spreadsheet-csv.ts';
import { callFailure } from './aws-failure.ts';

export interface CostExplorerImport {
  /** A FOCUS 1.0 CSV written from the answers, read by the same ingest as any billing file. */
  file: string;
  paidCalls: number;
  periods: string[];
}

const FOCUS_HEADER = [
  'BillingPeriodStart',
  'ChargePeriodStart',
  'ChargePeriodEnd',
  'ProviderName',
  'BillingAccountId',
  'SubAccountId',
  'ServiceName',
  'ChargeCategory',
  'BillingCurrency',
  'BilledCost',
  'EffectiveCost',
  'ConsumedQuantity',
];

function rowsOf(result: ResultByTime, payerAccountId: string): string[] {
  const day = result.TimePeriod?.Start ?? '';
  const end = result.TimePeriod?.End ?? day;
  return (result.Groups ?? []).map((group) => {
    const [accountId = '', service = ''] = group.Keys ?? [];
    const metric = (name: string) => group.Metrics?.[name]?.Amount ?? '0';
    return [
      `${day.slice(0, 7)}-01T00:00:00Z`,
      `${day}T00:00:00Z`,
      `${end}T00:00:00Z`,
      'AWS',
      payerAccountId,
      accountId,
      service,
      service === 'Tax' ? 'Tax' : 'Usage',
      'USD',
      metric('UnblendedCost'),
      metric('AmortizedCost'),
      metric('UsageQuantity'),
    ]
      .map(csvField)
      .join(',');
  });
}

/**
 * The source when no export exists: GetCostAndUsage, daily, grouped by linked account and service
 * (Cost Explorer allows two groupings). Each page is a paid call ($0.01), so the caller counts them
 * and asks only for the months that may still change.
 */
export async function importFromCostExplorer(
  costExplorer: CostExplorerClient,
  input: { start: string; end: string; payerAccountId: string; folder: string },
): Promise<CostExplorerImport> {
  const lines = [FOCUS_HEADER.join(',')];
  const periods = new Set<string>();
  let paidCalls = 0;
  let token: string | undefined;
  do {
    const answer = await costExplorer
      .send(
        new GetCostAndUsageCommand({
          TimePeriod: { Start: input.start, End: input.end },
          Granularity: 'DAILY',
          Metrics: ['UnblendedCost', 'AmortizedCost', 'UsageQuantity'],
          GroupBy: [
            { Type: 'DIMENSION', Key: 'LINKED_ACCOUNT' },
            { Type: 'DIMENSION', Key: 'SERVICE' },
          ],
          NextPageToken: token,
        }),
      )
      .catch((error) => {
        throw callFailure(error, 'ce:GetCostAndUsage');
      });
    paidCalls += 1;
    for (const result of answer.ResultsByTime ?? []) {
      const rows = rowsOf(result, input.payerAccountId);
      if (rows.length > 0) periods.add((result.TimePeriod?.Start ?? '').slice(0, 7));
      lines.push(...rows);
    }
    token = answer.NextPageToken;
  } while (token);
  const file = path.join(input.folder, 'cost-explorer-focus.csv');
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, paidCalls, periods: [...periods].sort() };
}
