import { MANAGEMENT_ACCOUNT_ID } from './company-profile.ts';
import type { DayWindow } from './day-window.ts';
import { type LineItem, MONEY_SCALE, toMoneyUnits } from './line-item.ts';
import { addUtcMonths, startOfUtcMonth } from './timeline.ts';

const SALES_TAX_RATE = 0.0625;

function chargeRow(
  fields: Pick<LineItem, 'accountId' | 'type' | 'start' | 'end' | 'productCode' | 'productName'> &
    Partial<LineItem>,
): LineItem {
  return {
    usageType: '',
    operation: '',
    resourceId: '',
    usageAmount: 0,
    unblended: 0,
    region: '',
    pricingTerm: '',
    tags: {},
    ...fields,
  };
}

/** Business Support: 10% of the first $10K of monthly usage and 7% above, accrued day by day. */
export function supportRow(window: DayWindow, dayRows: LineItem[]): LineItem {
  const usageUsd = dayRows.reduce((sum, row) => sum + row.unblended, 0) / MONEY_SCALE;
  const tierLimit = (10_000 / 30.44) * window.fraction;
  const feeUsd = 0.1 * Math.min(usageUsd, tierLimit) + 0.07 * Math.max(0, usageUsd - tierLimit);
  return chargeRow({
    accountId: MANAGEMENT_ACCOUNT_ID,
    type: 'Usage',
    start: window.dayStart,
    end: window.end,
    productCode: 'AWSSupportBusiness',
    productName: 'AWS Support (Business)',
    usageType: 'Dollar',
    pricingTerm: 'OnDemand',
    usageAmount: feeUsd,
    unblended: toMoneyUnits(feeUsd),
  });
}

/** As in a real CUR: one Tax row per account and product for the whole billing period. */
export function taxRows(periodRows: LineItem[], periodStart: number, periodEnd: number): LineItem[] {
  const taxableByAccount = new Map<string, Map<string, { row: LineItem; amount: number }>>();
  for (const row of periodRows) {
    if (row.type === 'Tax' || row.type === 'Credit') continue;
    let byProduct = taxableByAccount.get(row.accountId);
    if (!byProduct) {
      byProduct = new Map();
      taxableByAccount.set(row.accountId, byProduct);
    }
    const entry = byProduct.get(row.productCode);
    if (entry) entry.amount += row.unblended;
    else byProduct.set(row.productCode, { row, amount: row.unblended });
  }
  const rows: LineItem[] = [];
  for (const { row, amount } of [...taxableByAccount.values()].flatMap((byProduct) => [
    ...byProduct.values(),
  ])) {
    if (amount <= 0) continue;
    rows.push(
      chargeRow({
        accountId: row.accountId,
        type: 'Tax',
        start: periodStart,
        end: periodEnd,
        productCode: row.productCode,
        productName: row.productName,
        usageAmount: 1,
        unblended: Math.round(amount * SALES_TAX_RATE),
      }),
    );
  }
  return rows;
}

/** AWS Activate credits that ran out nine months before the anchor. */
export function creditRows(anchorDay: number, periodStart: number, periodEnd: number): LineItem[] {
  const anchorMonth = startOfUtcMonth(anchorDay);
  const creditedMonths = [addUtcMonths(anchorMonth, -11), addUtcMonths(anchorMonth, -10)];
  if (!creditedMonths.includes(periodStart)) return [];
  return [
    chargeRow({
      accountId: MANAGEMENT_ACCOUNT_ID,
      type: 'Credit',
      start: periodStart,
      end: periodEnd,
      productCode: 'AmazonEC2',
      productName: 'Amazon Elastic Compute Cloud',
      region: 'us-east-1',
      usageAmount: 0,
      unblended: -750 * MONEY_SCALE,
    }),
  ];
}
