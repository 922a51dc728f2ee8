import { MANAGEMENT_ACCOUNT_ID } from './company-profile.ts';
import { RDS_RESERVATION, reservationTerms } from './rds-reservation.ts';
import {
  COMPUTE_SAVINGS_PLAN,
  computePlanTerms,
  RECENT_SAVINGS_PLAN,
  recentPlanTerms,
} from './savings-plan.ts';
import { DAY_MS } from './timeline.ts';

const YEAR_MS = 365 * DAY_MS;

/**
 * A one-year Compute Savings Plan bought on the anchor day and queued to start ten days later: it has
 * no row in the bill until it starts, so only the Savings Plans API tells of it before then.
 */
export const QUEUED_SAVINGS_PLAN = {
  arn: `arn:aws:savingsplans::${MANAGEMENT_ACCOUNT_ID}:savingsplan/0a7e5c31-9d24-4f8b-b6e2-5c1d8f3a9e47`,
  hourlyCommitmentUsd: 1.2,
  startsDaysAfterAnchor: 10,
};

/**
 * A one-year EC2 reservation for two m5.large that ended 400 days before the anchor day: older than
 * the thirteen billed months, so the bill never shows it; EC2 still lists it as retired.
 */
export const RETIRED_EC2_RESERVATION = {
  id: '4b2d8e61-3c7a-4f59-a0e1-7d9c2b5f6a38',
  instanceType: 'm5.large',
  instanceCount: 2,
  availabilityZone: 'us-east-1a',
  endedDaysBeforeAnchor: 400,
  fixedPriceUsd: 0,
  usagePriceUsd: 0,
  recurringUsdPerHour: 0.062,
};

export interface SimSavingsPlan {
  arn: string;
  id: string;
  accountId: string;
  savingsPlanType: 'Compute' | 'EC2Instance';
  ec2InstanceFamily?: string;
  paymentOption: 'No Upfront' | 'Partial Upfront' | 'All Upfront';
  hourlyCommitmentUsd: number;
  startMs: number;
  endMs: number;
}

export interface SimReservation {
  service: 'ec2' | 'rds';
  id: string;
  arn?: string;
  accountId: string;
  region: string;
  instanceType: string;
  instanceCount: number;
  startMs: number;
  endMs: number;
  offeringType: 'No Upfront' | 'Partial Upfront' | 'All Upfront';
  fixedPriceUsd: number;
  recurringUsdPerHour: number;
  /** Set when the reservation ended early; else its state follows from start and end. */
  retired?: boolean;
}

export interface CommitmentInventory {
  savingsPlans: SimSavingsPlan[];
  reservations: SimReservation[];
}

function planId(arn: string): string {
  return arn.slice(arn.lastIndexOf('/') + 1);
}

/** The Savings Plans and reservations the APIs list, the same ones the bill charges for. */
export function commitmentInventory(anchorDay: number): CommitmentInventory {
  const compute = computePlanTerms(anchorDay);
  const recent = recentPlanTerms(anchorDay);
  const queuedStart = anchorDay + QUEUED_SAVINGS_PLAN.startsDaysAfterAnchor * DAY_MS;
  const rds = reservationTerms(anchorDay);
  const retiredEnd = anchorDay - RETIRED_EC2_RESERVATION.endedDaysBeforeAnchor * DAY_MS;
  return {
    savingsPlans: [
      {
        arn: COMPUTE_SAVINGS_PLAN.arn,
        id: planId(COMPUTE_SAVINGS_PLAN.arn),
        accountId: MANAGEMENT_ACCOUNT_ID,
        savingsPlanType: 'Compute',
        paymentOption: 'No Upfront',
        hourlyCommitmentUsd: COMPUTE_SAVINGS_PLAN.hourlyCommitmentUsd,
        startMs: compute.startMs,
        endMs: compute.endMs,
      },
      {
        arn: RECENT_SAVINGS_PLAN.arn,
        id: planId(RECENT_SAVINGS_PLAN.arn),
        accountId: MANAGEMENT_ACCOUNT_ID,
        savingsPlanType: 'EC2Instance',
        ec2InstanceFamily: 'm6i',
        paymentOption: 'No Upfront',
        hourlyCommitmentUsd: RECENT_SAVINGS_PLAN.hourlyCommitmentUsd,
        startMs: recent.startMs,
        endMs: recent.endMs,
      },
      {
        arn: QUEUED_SAVINGS_PLAN.arn,
        id: planId(QUEUED_SAVINGS_PLAN.arn),
        accountId: MANAGEMENT_ACCOUNT_ID,
        savingsPlanType: 'Compute',
        paymentOption: 'No Upfront',
        hourlyCommitmentUsd: QUEUED_SAVINGS_PLAN.hourlyCommitmentUsd,
        startMs: queuedStart,
        endMs: queuedStart + YEAR_MS,
      },
    ],
    reservations: [
      {
        service: 'rds',
        id: RDS_RESERVATION.arn.slice(RDS_RESERVATION.arn.lastIndexOf(':') + 1),
        arn: RDS_RESERVATION.arn,
        accountId: MANAGEMENT_ACCOUNT_ID,
        region: 'us-east-1',
        instanceType: RDS_RESERVATION.instanceType,
        instanceCount: RDS_RESERVATION.reservedCount,
        startMs: rds.startMs,
        endMs: rds.endMs,
        offeringType: 'Partial Upfront',
        fixedPriceUsd: RDS_RESERVATION.upfrontUsdPerInstance * RDS_RESERVATION.reservedCount,
        recurringUsdPerHour: RDS_RESERVATION.recurringUsdPerHour,
      },
      {
        service: 'ec2',
        id: RETIRED_EC2_RESERVATION.id,
        accountId: MANAGEMENT_ACCOUNT_ID,
        region: 'us-east-1',
        instanceType: RETIRED_EC2_RESERVATION.instanceType,
        instanceCount: RETIRED_EC2_RESERVATION.instanceCount,
        startMs: retiredEnd - YEAR_MS,
        endMs: retiredEnd,
        offeringType: 'No Upfront',
        fixedPriceUsd: RETIRED_EC2_RESERVATION.fixedPriceUsd,
        recurringUsdPerHour: RETIRED_EC2_RESERVATION.recurringUsdPerHour,
        retired: true,
      },
    ],
  };
}

/** A Savings Plan's state at a moment, as the Savings Plans API words it. */
export function savingsPlanState(plan: SimSavingsPlan, nowMs: number): 'queued' | 'active' | 'retired' {
  if (nowMs < plan.startMs) return 'queued';
  return nowMs < plan.endMs ? 'active' : 'retired';
}

/** A reservation's state at a moment, as EC2 and RDS word it. */
export function reservationState(reservation: SimReservation, nowMs: number): string {
  if (reservation.retired || nowMs >= reservation.endMs) return 'retired';
  if (nowMs < reservation.startMs) return 'payment-pending';
  return 'active';
}
