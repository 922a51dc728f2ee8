import { fromMicroUsd, toMicroUsd } from './money.ts';

/**
 * Utilization, coverage and savings of Savings Plans and reservations, by Cost Explorer's definitions
 * (GetSavingsPlansUtilization / Coverage, GetReservationUtilization / Coverage; decision 098):
 * - utilization = used commitment / total commitment; unused = total - used;
 * - the on-demand equivalent is what the covered usage costs at public On-Demand rates, and the net
 *   saving is that minus the total (amortized) commitment;
 * - coverage = the eligible usage a commitment paid for / all eligible usage, in On-Demand dollars
 *   (Savings Plans) and in running hours (reservations).
 * A zero total is a utilization of none (null), never a division by zero; an unknown on-demand
 * equivalent (the bill did not carry public On-Demand costs) makes the saving unknown, never $0.
 */

/** A commitment's amounts over some days, summed exactly by the database. */
export interface CommitmentAmounts {
  totalCommitment: number;
  usedCommitment: number;
  /** Null: the bill does not say what the covered usage costs On-Demand. */
  onDemandEquivalent: number | null;
}

export interface CommitmentUtilization {
  totalCommitment: number;
  usedCommitment: number;
  unusedCommitment: number;
  /** 0-100, or null when nothing was committed over the days. */
  utilizationPercent: number | null;
  onDemandEquivalent: number | null;
  /** On-demand equivalent minus the total commitment; null when the equivalent is unknown. */
  netSavings: number | null;
}

const difference = (a: number, b: number) => fromMicroUsd(toMicroUsd(a) - toMicroUsd(b));

/** The share of whole, in percent; null when the whole is zero or less. */
export function percentOf(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return (part / whole) * 100;
}

export function utilizationOf(amounts: CommitmentAmounts): CommitmentUtilization {
  const { totalCommitment, usedCommitment, onDemandEquivalent } = amounts;
  return {
    totalCommitment,
    usedCommitment,
    unusedCommitment: difference(totalCommitment, usedCommitment),
    utilizationPercent: percentOf(usedCommitment, totalCommitment),
    onDemandEquivalent,
    netSavings: onDemandEquivalent === null ? null : difference(onDemandEquivalent, totalCommitment),
  };
}

/** Eligible usage in a scope over some days, summed by the database. */
export interface CoverageAmounts {
  /** On-Demand cost of the usage commitments paid for. Null when unknown. */
  coveredOnDemandCost: number | null;
  /** On-Demand cost of eligible usage no commitment paid for. */
  uncoveredOnDemandCost: number;
  coveredHours: number;
  uncoveredHours: number;
}

export interface Coverage {
  coveredOnDemandCost: number | null;
  /** All eligible usage at On-Demand rates; null when the covered part is unknown. */
  eligibleOnDemandCost: number | null;
  /** Savings Plans' coverage: covered On-Demand dollars / eligible On-Demand dollars. */
  costCoveragePercent: number | null;
  coveredHours: number;
  eligibleHours: number;
  /** Reservations' coverage: reserved hours / all eligible running hours. */
  hoursCoveragePercent: number | null;
}

export function coverageOf(amounts: CoverageAmounts): Coverage {
  const { coveredOnDemandCost, uncoveredOnDemandCost, coveredHours, uncoveredHours } = amounts;
  const eligibleOnDemandCost =
    coveredOnDemandCost === null
      ? null
      : fromMicroUsd(toMicroUsd(coveredOnDemandCost) + toMicroUsd(uncoveredOnDemandCost));
  const eligibleHours = coveredHours + uncoveredHours;
  return {
    coveredOnDemandCost,
    eligibleOnDemandCost,
    costCoveragePercent:
      coveredOnDemandCost === null || eligibleOnDemandCost === null
        ? null
        : percentOf(coveredOnDemandCost, eligibleOnDemandCost),
    coveredHours,
    eligibleHours,
    hoursCoveragePercent: percentOf(coveredHours, eligibleHours),
  };
}

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 24 * MS_PER_HOUR;

/** A commitment's term; either end may be unknown (the bill did not carry it). */
export interface CommitmentTerm {
  startsAt: string | null;
  endsAt: string | null;
}

/** The milliseconds of from..to within a term whose ends are read (null: unknown, unbounded). */
function overlapMs(
  from: number,
  to: number,
  term: { startsAt: number | null; endsAt: number | null },
): number {
  const start = Math.max(from, term.startsAt ?? from);
  const end = Math.min(to, term.endsAt ?? to);
  return Math.max(0, end - start);
}

/**
 * The share of a billing period's amount that falls on one UTC day: the hours of the day within the
 * term, over the hours of the period within the term. A reservation's unused fee is billed once a
 * month (its RIFee line); spread this way, the days of a month add up to the month's amount.
 * Zero when the term covers no hour of the period.
 */
export function dayShareOfPeriod(day: string, billingPeriod: string, term: CommitmentTerm): number {
  return daySharesOfPeriod([Date.parse(`${day}T00:00:00Z`)], billingPeriod, term)[0] ?? 0;
}

/**
 * `dayShareOfPeriod` of many days at once, each given by its UTC midnight in epoch milliseconds, with the
 * term read and the period's hours counted once for all of them (the Commitments page spreads each
 * reservation's monthly fee over every day of its window).
 */
export function daySharesOfPeriod(
  dayStarts: readonly number[],
  billingPeriod: string,
  term: CommitmentTerm,
): number[] {
  const bounds = {
    startsAt: term.startsAt ? Date.parse(term.startsAt) : null,
    endsAt: term.endsAt ? Date.parse(term.endsAt) : null,
  };
  const periodStart = Date.parse(`${billingPeriod}T00:00:00Z`);
  const next = new Date(periodStart);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const periodHours = overlapMs(periodStart, next.getTime(), bounds);
  if (periodHours === 0) return dayStarts.map(() => 0);
  return dayStarts.map((dayStart) => overlapMs(dayStart, dayStart + MS_PER_DAY, bounds) / periodHours);
}
