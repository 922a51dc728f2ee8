import { MANAGEMENT_ACCOUNT_ID } from './company-profile.ts';
import { type DayWindow, windowHours } from './day-window.ts';
import { type CommitmentTerms, type LineItem, toMoneyUnits, usageLineItem } from './line-item.ts';
import { DAY_MS, HOUR_MS } from './timeline.ts';

/**
 * Three three-year partial-upfront reservations for db.r6g.2xlarge, bought 500 days before the anchor
 * day, of which only two are used by the production databases: the third is the unused reservation a
 * cost tool should point out (the demo's under-used commitment).
 */
export const RDS_RESERVATION = {
  arn: `arn:aws:rds:us-east-1:${MANAGEMENT_ACCOUNT_ID}:ri:acme-prod-db-r6g-2xl-2025`,
  instanceType: 'db.r6g.2xlarge',
  reservedCount: 3,
  upfrontUsdPerInstance: 9000,
  recurringUsdPerHour: 0.252,
  /** What the same database hour costs On-Demand. */
  onDemandUsdPerHour: 0.904,
  boughtDaysBeforeAnchor: 500,
  databases: ['prod-db-primary', 'prod-db-replica'],
};

const TERM_HOURS = 3 * 8760;
const amortizedUpfrontPerHour = RDS_RESERVATION.upfrontUsdPerInstance / TERM_HOURS;
const OPERATION = 'CreateDBInstance:0014';
const TAGS = { team: 'payments', project: 'ledger', env: 'production' };

export function reservationTerms(anchorDay: number): CommitmentTerms {
  const startMs = anchorDay - RDS_RESERVATION.boughtDaysBeforeAnchor * DAY_MS;
  return {
    offeringType: '',
    term: '3yr',
    paymentOption: 'Partial Upfront',
    startMs,
    endMs: startMs + TERM_HOURS * HOUR_MS,
    count: RDS_RESERVATION.reservedCount,
  };
}

function databaseArn(name: string): string {
  return `arn:aws:rds:us-east-1:${MANAGEMENT_ACCOUNT_ID}:db:${name}`;
}

/** The reserved hours (DiscountedUsage, no unblended cost) and the storage of the two databases. */
export function reservedDatabaseRows(window: DayWindow, anchorDay: number): LineItem[] {
  const commitment = reservationTerms(anchorDay);
  const hours = windowHours(window);
  const rows: LineItem[] = [];
  for (const name of RDS_RESERVATION.databases) {
    const base = usageLineItem({
      accountId: MANAGEMENT_ACCOUNT_ID,
      start: window.dayStart,
      end: window.end,
      productCode: 'AmazonRDS',
      productName: 'Amazon Relational Database Service',
      usageType: `InstanceUsage:${RDS_RESERVATION.instanceType}`,
      operation: OPERATION,
      resourceId: databaseArn(name),
      usageAmount: hours,
      unblended: 0,
      region: 'us-east-1',
      instanceType: RDS_RESERVATION.instanceType,
      tags: TAGS,
    });
    rows.push({
      ...base,
      type: 'DiscountedUsage',
      pricingTerm: 'Reserved',
      reservationArn: RDS_RESERVATION.arn,
      reservationEffectiveCost: toMoneyUnits(
        hours * (amortizedUpfrontPerHour + RDS_RESERVATION.recurringUsdPerHour),
      ),
      publicOnDemandCost: toMoneyUnits(hours * RDS_RESERVATION.onDemandUsdPerHour),
      commitment,
    });
    const gbMonths = (800 * hours) / window.hoursInMonth;
    rows.push({
      ...base,
      usageType: 'RDS:GP3-Storage',
      usageAmount: gbMonths,
      unblended: toMoneyUnits(gbMonths * 0.115),
      instanceType: undefined,
    });
  }
  return rows;
}

/** The monthly RIFee row: the recurring fee of all reservations, with what the unused one wastes. */
export function reservationFeeRow(periodStart: number, periodEnd: number, anchorDay: number): LineItem {
  const hours = (periodEnd - periodStart) / 3_600_000;
  const unusedCount = RDS_RESERVATION.reservedCount - RDS_RESERVATION.databases.length;
  return {
    accountId: MANAGEMENT_ACCOUNT_ID,
    type: 'RIFee',
    start: periodStart,
    end: periodEnd,
    productCode: 'AmazonRDS',
    productName: 'Amazon Relational Database Service',
    usageType: `HeavyUsage:${RDS_RESERVATION.instanceType}`,
    operation: OPERATION,
    resourceId: RDS_RESERVATION.arn,
    usageAmount: hours * RDS_RESERVATION.reservedCount,
    unblended: toMoneyUnits(hours * RDS_RESERVATION.reservedCount * RDS_RESERVATION.recurringUsdPerHour),
    region: 'us-east-1',
    pricingTerm: 'Reserved',
    tags: {},
    reservationArn: RDS_RESERVATION.arn,
    reservationUnusedAmortizedUpfront: toMoneyUnits(hours * unusedCount * amortizedUpfrontPerHour),
    reservationUnusedRecurringFee: toMoneyUnits(hours * unusedCount * RDS_RESERVATION.recurringUsdPerHour),
    commitment: reservationTerms(anchorDay),
  };
}
