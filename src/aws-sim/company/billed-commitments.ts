import { MANAGEMENT_ACCOUNT_ID } from './company-profile.ts';
import type { CommitmentTerms } from './line-item.ts';
import { RDS_RESERVATION, reservationTerms } from './rds-reservation.ts';
import {
  COMPUTE_SAVINGS_PLAN,
  computePlanTerms,
  RECENT_SAVINGS_PLAN,
  recentPlanTerms,
} from './savings-plan.ts';
import { HOUR_MS } from './timeline.ts';

/**
 * The commitments the company's bill charges, as their purchases define them: what Cost Explorer's
 * utilization reports know without reading a line item (a plan's hourly commitment, a reservation's
 * count and fees, each term). The usage they paid for comes from the bill's lines.
 */
export interface BilledSavingsPlan {
  arn: string;
  ownerAccountId: string;
  hourlyCommitmentUsd: number;
  terms: CommitmentTerms;
}

export interface BilledReservation {
  arn: string;
  /** The id Cost Explorer groups a reservation by (the ARN's last part). */
  subscriptionId: string;
  ownerAccountId: string;
  count: number;
  /** Each instance's upfront fee, spread evenly over the hours of its term. */
  upfrontUsdPerInstance: number;
  recurringUsdPerHour: number;
  terms: CommitmentTerms;
}

export function billedSavingsPlans(anchorDay: number): BilledSavingsPlan[] {
  return [
    {
      arn: COMPUTE_SAVINGS_PLAN.arn,
      ownerAccountId: MANAGEMENT_ACCOUNT_ID,
      hourlyCommitmentUsd: COMPUTE_SAVINGS_PLAN.hourlyCommitmentUsd,
      terms: computePlanTerms(anchorDay),
    },
    {
      arn: RECENT_SAVINGS_PLAN.arn,
      ownerAccountId: MANAGEMENT_ACCOUNT_ID,
      hourlyCommitmentUsd: RECENT_SAVINGS_PLAN.hourlyCommitmentUsd,
      terms: recentPlanTerms(anchorDay),
    },
  ];
}

export function billedReservations(anchorDay: number): BilledReservation[] {
  return [
    {
      arn: RDS_RESERVATION.arn,
      subscriptionId: RDS_RESERVATION.arn.split(':').at(-1) ?? RDS_RESERVATION.arn,
      ownerAccountId: MANAGEMENT_ACCOUNT_ID,
      count: RDS_RESERVATION.reservedCount,
      upfrontUsdPerInstance: RDS_RESERVATION.upfrontUsdPerInstance,
      recurringUsdPerHour: RDS_RESERVATION.recurringUsdPerHour,
      terms: reservationTerms(anchorDay),
    },
  ];
}

/** Hours of start..end inside the commitment's term. */
export function termHoursBetween(terms: CommitmentTerms, start: number, end: number): number {
  return Math.max(0, Math.min(end, terms.endMs) - Math.max(start, terms.startMs)) / HOUR_MS;
}

/** The hours of a whole term (a reservation's upfront fee is spread over them). */
export function termHours(terms: CommitmentTerms): number {
  return (terms.endMs - terms.startMs) / HOUR_MS;
}
