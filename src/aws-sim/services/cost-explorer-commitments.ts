import type { DuckDBInstance } from '@duckdb/node-api';
import {
  type BilledReservation,
  type BilledSavingsPlan,
  billedReservations,
  billedSavingsPlans,
  termHours,
  termHoursBetween,
} from '../company/billed-commitments.ts';
import { MANAGEMENT_ACCOUNT_ID } from '../company/company-profile.ts';
import { dataCutoff, isoDay, parseIsoDay } from '../company/timeline.ts';
import type { CurExport } from '../cur/cur-export.ts';
import { jsonBody } from '../protocol/json-body.ts';
import type { CallContext } from '../protocol/service-handler.ts';
import {
  type CommitmentReportQuery,
  parseCommitmentReportQuery,
} from './cost-explorer-commitment-request.ts';
import { coverageSql, coveredUsageSql } from './cost-explorer-commitment-sql.ts';
import { filesFor } from './cost-explorer-files.ts';
import { resultPeriods } from './cost-explorer-request.ts';

/**
 * Cost Explorer's commitment reports (GetSavingsPlansUtilization, GetSavingsPlansCoverage,
 * GetReservationUtilization, GetReservationCoverage) from the company's purchases and the bill's usage
 * lines. Amounts are written to 8 decimal places and percentages to 2, as rounded strings the way
 * Cost Explorer answers (decision 130).
 */

export interface CommitmentReportSources {
  curExport: CurExport;
  duckdb: DuckDBInstance;
  anchorDay: number;
}

type Row = Record<string, string | number | null>;

const amount = (value: number) => (Math.abs(value) < 5e-9 ? 0 : value).toFixed(8);
const percent = (part: number, whole: number) => (whole > 0 ? ((part / whole) * 100).toFixed(2) : '0.00');

async function readRows(
  sources: CommitmentReportSources,
  query: CommitmentReportQuery,
  nowMs: number,
  build: (query: CommitmentReportQuery, files: string[]) => { sql: string; values: string[] },
): Promise<Row[]> {
  const files = await filesFor(sources.curExport, query, nowMs);
  if (files.length === 0) return [];
  // Always by day: a commitment is consumed hour by hour, so a month is the sum of its days.
  const { sql, values } = build({ ...query, granularity: 'DAILY' }, files);
  const connection = await sources.duckdb.connect();
  try {
    return (await connection.runAndReadAll(sql, values)).getRowObjectsJson() as Row[];
  } finally {
    connection.closeSync();
  }
}

/** A linked account sees only its own commitments and usage; the management account sees them all. */
function scopedQuery(context: CallContext): CommitmentReportQuery {
  const query = parseCommitmentReportQuery(
    jsonBody<Record<string, unknown>>(context.request),
    context.operation,
    context.nowMs,
  );
  const caller = context.identity.accountId;
  if (caller === MANAGEMENT_ACCOUNT_ID) return query;
  const wanted = query.filter.LINKED_ACCOUNT ?? [caller];
  return { ...query, filter: { ...query.filter, LINKED_ACCOUNT: wanted.filter((id) => id === caller) } };
}

/** The report's periods, each with the days of the rows that fall in it and the hours billed so far. */
function periodsOf(query: CommitmentReportQuery, nowMs: number) {
  const cutoff = dataCutoff(nowMs);
  return resultPeriods(query).map((period) => ({
    ...period,
    billedEnd: Math.min(period.end, cutoff),
    TimePeriod: { Start: isoDay(period.start), End: isoDay(period.end) },
    holds: (day: string) => {
      const ms = parseIsoDay(day);
      return ms >= period.start && ms < period.end;
    },
  }));
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);

function ownedBy<T extends { ownerAccountId: string }>(commitments: T[], query: CommitmentReportQuery): T[] {
  const accounts = query.filter.LINKED_ACCOUNT;
  return accounts ? commitments.filter((one) => accounts.includes(one.ownerAccountId)) : commitments;
}

function sumWhere(rows: Row[], keep: (row: Row) => boolean, field: string): number {
  return rows.filter(keep).reduce((sum, row) => sum + num(row[field]), 0);
}

function savingsPlanPeriod(plans: BilledSavingsPlan[], rows: Row[], period: ReturnType<typeof periodsOf>[0]) {
  let total = 0;
  let used = 0;
  let onDemand = 0;
  for (const plan of plans) {
    const days = rows.filter((row) => row.commitment === plan.arn && period.holds(String(row.period)));
    for (const day of new Set(days.map((row) => String(row.period)))) {
      const dayStart = parseIsoDay(day);
      const committed =
        plan.hourlyCommitmentUsd *
        termHoursBetween(plan.terms, dayStart, Math.min(dayStart + 86_400_000, period.billedEnd));
      // Usage beyond the commitment is billed On-Demand, so a day never uses more than it committed.
      used += Math.min(
        committed,
        sumWhere(days, (row) => row.period === day, 'used'),
      );
    }
    onDemand += sumWhere(days, () => true, 'on_demand');
    total += plan.hourlyCommitmentUsd * termHoursBetween(plan.terms, period.start, period.billedEnd);
  }
  return { total, used, onDemand };
}

function savingsPlanAggregates(figures: { total: number; used: number; onDemand: number }) {
  return {
    Utilization: {
      TotalCommitment: amount(figures.total),
      UsedCommitment: amount(figures.used),
      UnusedCommitment: amount(figures.total - figures.used),
      UtilizationPercentage: percent(figures.used, figures.total),
    },
    Savings: {
      OnDemandCostEquivalent: amount(figures.onDemand),
      NetSavings: amount(figures.onDemand - figures.total),
    },
    // The company's plans are all No Upfront: the whole commitment is recurring.
    AmortizedCommitment: {
      AmortizedRecurringCommitment: amount(figures.total),
      AmortizedUpfrontCommitment: amount(0),
      TotalAmortizedCommitment: amount(figures.total),
    },
  };
}

export async function getSavingsPlansUtilization(sources: CommitmentReportSources, context: CallContext) {
  const query = scopedQuery(context);
  const arns = query.filter.SAVINGS_PLAN_ARN;
  const plans = ownedBy(billedSavingsPlans(sources.anchorDay), query).filter(
    (plan) => !arns || arns.includes(plan.arn),
  );
  const rows = await readRows(sources, query, context.nowMs, coveredUsageSql);
  const byTime = periodsOf(query, context.nowMs)
    .map((period) => ({ period, figures: savingsPlanPeriod(plans, rows, period) }))
    .filter(({ figures }) => figures.total > 0);
  const total = byTime.reduce(
    (sum, { figures }) => ({
      total: sum.total + figures.total,
      used: sum.used + figures.used,
      onDemand: sum.onDemand + figures.onDemand,
    }),
    { total: 0, used: 0, onDemand: 0 },
  );
  return {
    SavingsPlansUtilizationsByTime: byTime.map(({ period, figures }) => ({
      TimePeriod: period.TimePeriod,
      ...savingsPlanAggregates(figures),
    })),
    Total: savingsPlanAggregates(total),
  };
}

interface ReservationFigures {
  purchasedHours: number;
  actualHours: number;
  amortizedUpfront: number;
  amortizedRecurring: number;
  onDemand: number;
}

function reservationPeriod(
  reservations: BilledReservation[],
  rows: Row[],
  period: ReturnType<typeof periodsOf>[0],
): ReservationFigures {
  const figures = {
    purchasedHours: 0,
    actualHours: 0,
    amortizedUpfront: 0,
    amortizedRecurring: 0,
    onDemand: 0,
  };
  for (const reservation of reservations) {
    const mine = (row: Row) => row.commitment === reservation.arn && period.holds(String(row.period));
    const purchased = reservation.count * termHoursBetween(reservation.terms, period.start, period.billedEnd);
    figures.purchasedHours += purchased;
    figures.actualHours += sumWhere(rows, mine, 'hours');
    figures.amortizedUpfront +=
      (purchased * reservation.upfrontUsdPerInstance) / termHours(reservation.terms);
    figures.amortizedRecurring += purchased * reservation.recurringUsdPerHour;
    figures.onDemand += sumWhere(rows, mine, 'on_demand');
  }
  return figures;
}

function reservationAggregates(figures: ReservationFigures) {
  const totalFee = figures.amortizedUpfront + figures.amortizedRecurring;
  const unusedHours = figures.purchasedHours - figures.actualHours;
  const feePerHour = figures.purchasedHours > 0 ? totalFee / figures.purchasedHours : 0;
  const onDemandPerHour = figures.actualHours > 0 ? figures.onDemand / figures.actualHours : 0;
  const unusedCost = unusedHours * feePerHour;
  const realized = figures.onDemand - figures.actualHours * feePerHour;
  const unrealized = unusedHours * onDemandPerHour;
  return {
    UtilizationPercentage: percent(figures.actualHours, figures.purchasedHours),
    PurchasedHours: amount(figures.purchasedHours),
    TotalActualHours: amount(figures.actualHours),
    UnusedHours: amount(unusedHours),
    OnDemandCostOfRIHoursUsed: amount(figures.onDemand),
    NetRISavings: amount(figures.onDemand - totalFee),
    TotalPotentialRISavings: amount(realized + unrealized - unusedCost),
    AmortizedUpfrontFee: amount(figures.amortizedUpfront),
    AmortizedRecurringFee: amount(figures.amortizedRecurring),
    TotalAmortizedFee: amount(totalFee),
    RICostForUnusedHours: amount(unusedCost),
    RealizedSavings: amount(realized),
    UnrealizedSavings: amount(unrealized),
  };
}

export async function getReservationUtilization(sources: CommitmentReportSources, context: CallContext) {
  const query = scopedQuery(context);
  const reservations = ownedBy(billedReservations(sources.anchorDay), query);
  const rows = await readRows(sources, query, context.nowMs, coveredUsageSql);
  const byTime = periodsOf(query, context.nowMs)
    .map((period) => ({ period, figures: reservationPeriod(reservations, rows, period) }))
    .filter(({ figures }) => figures.purchasedHours > 0);
  const total = byTime.reduce(
    (sum, { figures }) => ({
      purchasedHours: sum.purchasedHours + figures.purchasedHours,
      actualHours: sum.actualHours + figures.actualHours,
      amortizedUpfront: sum.amortizedUpfront + figures.amortizedUpfront,
      amortizedRecurring: sum.amortizedRecurring + figures.amortizedRecurring,
      onDemand: sum.onDemand + figures.onDemand,
    }),
    { purchasedHours: 0, actualHours: 0, amortizedUpfront: 0, amortizedRecurring: 0, onDemand: 0 },
  );
  return {
    UtilizationsByTime: byTime.map(({ period, figures }) => ({
      TimePeriod: period.TimePeriod,
      Groups: [],
      Total: reservationAggregates(figures),
    })),
    Total: reservationAggregates(total),
  };
}

const COVERAGE_FIELDS = [
  'sp_covered',
  'sp_on_demand',
  'reserved_hours',
  'on_demand_hours',
  'ri_on_demand_cost',
];

async function coverageByPeriod(sources: CommitmentReportSources, context: CallContext) {
  const query = scopedQuery(context);
  const rows = await readRows(sources, query, context.nowMs, coverageSql);
  return periodsOf(query, context.nowMs).map((period) => {
    const inPeriod = (row: Row) => period.holds(String(row.period));
    const sums = Object.fromEntries(COVERAGE_FIELDS.map((field) => [field, sumWhere(rows, inPeriod, field)]));
    return { period, sums: sums as Record<(typeof COVERAGE_FIELDS)[number], number> };
  });
}

export async function getSavingsPlansCoverage(sources: CommitmentReportSources, context: CallContext) {
  const periods = await coverageByPeriod(sources, context);
  return {
    SavingsPlansCoverages: periods.map(({ period, sums }) => {
      const covered = sums.sp_covered ?? 0;
      const totalCost = covered + (sums.sp_on_demand ?? 0);
      return {
        TimePeriod: period.TimePeriod,
        Attributes: {},
        Coverage: {
          SpendCoveredBySavingsPlans: amount(covered),
          OnDemandCost: amount(sums.sp_on_demand ?? 0),
          TotalCost: amount(totalCost),
          CoveragePercentage: percent(covered, totalCost),
        },
      };
    }),
  };
}

function reservationCoverage(sums: { reserved: number; onDemandHours: number; onDemandCost: number }) {
  const running = sums.reserved + sums.onDemandHours;
  return {
    CoverageHours: {
      ReservedHours: amount(sums.reserved),
      OnDemandHours: amount(sums.onDemandHours),
      TotalRunningHours: amount(running),
      CoverageHoursPercentage: percent(sums.reserved, running),
    },
    CoverageCost: { OnDemandCost: amount(sums.onDemandCost) },
  };
}

export async function getReservationCoverage(sources: CommitmentReportSources, context: CallContext) {
  const periods = (await coverageByPeriod(sources, context)).map(({ period, sums }) => ({
    period,
    figures: {
      reserved: sums.reserved_hours ?? 0,
      onDemandHours: sums.on_demand_hours ?? 0,
      onDemandCost: sums.ri_on_demand_cost ?? 0,
    },
  }));
  const total = periods.reduce(
    (sum, { figures }) => ({
      reserved: sum.reserved + figures.reserved,
      onDemandHours: sum.onDemandHours + figures.onDemandHours,
      onDemandCost: sum.onDemandCost + figures.onDemandCost,
    }),
    { reserved: 0, onDemandHours: 0, onDemandCost: 0 },
  );
  return {
    CoveragesByTime: periods.map(({ period, figures }) => ({
      TimePeriod: period.TimePeriod,
      Groups: [],
      Total: reservationCoverage(figures),
    })),
    Total: reservationCoverage(total),
  };
}
