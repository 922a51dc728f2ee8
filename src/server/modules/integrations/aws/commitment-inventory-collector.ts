import { DescribeReservedInstancesCommand } from '@aws-sdk/client-ec2';
import { DescribeReservedDBInstancesCommand } from '@aws-sdk/client-rds';
import { DescribeSavingsPlansCommand } from '@aws-sdk/client-savingsplans';
import {
  COMMITMENT_INVENTORY_PERMISSIONS,
  type CommitmentApi,
} from '../../../../domain/read-role-additions.ts';
import type { AwsAccess, AwsCredentials } from '../../../aws-access.ts';
import { awsClients } from './aws-clients.ts';
import { callFailure } from './aws-failure.ts';

/**
 * The commitments an account holds as the AWS APIs list them (docs/decisions/106): Savings Plans
 * (one endpoint, every region's plans), EC2 and RDS reservations in each region asked. The bill says
 * what a commitment costs and covers; the APIs add the ones the bill does not show yet (a queued plan)
 * or any more (a retired reservation), with their state.
 */

export type { CommitmentApi };

export interface ApiCommitment {
  commitmentId: string;
  kind: 'savings-plan' | 'ec2-reservation' | 'rds-reservation';
  region: string | null;
  state: string;
  offeringType: string;
  term: '1yr' | '3yr' | null;
  paymentOption: string;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Savings Plans: the hourly commitment in USD; reservations: how many instances. */
  hourlyCommitmentUsd: number | null;
  instanceType: string | null;
  instanceCount: number | null;
  /** What it charges, in words ("$1.200 an hour, nothing upfront"); null when AWS says nothing. */
  rates: string | null;
}

export interface CommitmentApiOutcome {
  api: CommitmentApi;
  permission: string;
  state: 'ok' | 'missing-permission' | 'throttled' | 'failed';
  message: string | null;
}

const PERMISSIONS: Record<CommitmentApi, string> = COMMITMENT_INVENTORY_PERMISSIONS;
const YEAR_SECONDS = 365 * 86_400;
const SAVINGS_PLANS_PER_PAGE = 1000;
const RESERVED_DATABASES_PER_PAGE = 100;

function termOf(seconds: number | undefined): '1yr' | '3yr' | null {
  if (!seconds) return null;
  return Math.round(seconds / YEAR_SECONDS) >= 3 ? '3yr' : '1yr';
}

function dateOf(value: string | Date | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const usd = (amount: number, digits: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;

/** A commitment's price in words: what it charges an hour and upfront, and what it covers. */
export function ratesInWords(parts: {
  hourlyUsd: number | null;
  upfrontUsd: number | null;
  per?: string;
  covers?: readonly string[];
}): string | null {
  const words: string[] = [];
  if (parts.hourlyUsd !== null) words.push(`${usd(parts.hourlyUsd, 3)} an hour${parts.per ?? ''}`);
  if (parts.upfrontUsd !== null)
    words.push(parts.upfrontUsd > 0 ? `${usd(parts.upfrontUsd, 2)} upfront` : 'nothing upfront');
  if (parts.covers?.length) words.push(`covers ${parts.covers.join(', ')}`);
  return words.length > 0 ? words.join(', ') : null;
}

const numberOrNull = (value: string | number | undefined) =>
  value === undefined || value === '' || !Number.isFinite(Number(value)) ? null : Number(value);

function plusSeconds(start: Date | null, seconds: number | undefined): Date | null {
  return start && seconds ? new Date(start.getTime() + seconds * 1000) : null;
}

type Clients = ReturnType<typeof awsClients>;

async function readSavingsPlans(clients: Clients): Promise<ApiCommitment[]> {
  const commitments: ApiCommitment[] = [];
  let nextToken: string | undefined;
  do {
    const page = await clients.savingsPlans.send(
      new DescribeSavingsPlansCommand({ maxResults: SAVINGS_PLANS_PER_PAGE, nextToken }),
    );
    for (const plan of page.savingsPlans ?? []) {
      if (!plan.savingsPlanArn) continue;
      commitments.push({
        commitmentId: plan.savingsPlanArn,
        kind: 'savings-plan',
        region: plan.region || null,
        state: plan.state ?? 'unknown',
        offeringType:
          plan.savingsPlanType === 'EC2Instance'
            ? 'EC2InstanceSavingsPlans'
            : `${plan.savingsPlanType}SavingsPlans`,
        term: termOf(plan.termDurationInSeconds),
        paymentOption: plan.paymentOption ?? '',
        startsAt: dateOf(plan.start),
        endsAt: dateOf(plan.end),
        hourlyCommitmentUsd: plan.commitment ? Number(plan.commitment) : null,
        instanceType: null,
        instanceCount: null,
        rates: ratesInWords({
          hourlyUsd: numberOrNull(plan.recurringPaymentAmount),
          upfrontUsd: numberOrNull(plan.upfrontPaymentAmount),
          covers: plan.productTypes,
        }),
      });
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return commitments;
}

async function readEc2Reservations(clients: Clients, region: string): Promise<ApiCommitment[]> {
  // EC2 does not page DescribeReservedInstances.
  const answer = await clients.ec2.send(new DescribeReservedInstancesCommand({}));
  return (answer.ReservedInstances ?? []).map((reservation) => {
    const startsAt = dateOf(reservation.Start);
    return {
      commitmentId: reservation.ReservedInstancesId ?? '',
      kind: 'ec2-reservation',
      region,
      state: reservation.State ?? 'unknown',
      offeringType: 'AmazonEC2',
      term: termOf(reservation.Duration),
      paymentOption: reservation.OfferingType ?? '',
      startsAt,
      endsAt: dateOf(reservation.End) ?? plusSeconds(startsAt, reservation.Duration),
      hourlyCommitmentUsd: null,
      instanceType: reservation.InstanceType ?? null,
      instanceCount: reservation.InstanceCount ?? null,
      rates: ratesInWords({
        hourlyUsd: numberOrNull(
          reservation.RecurringCharges?.find((charge) => charge.Frequency === 'Hourly')?.Amount ??
            reservation.UsagePrice,
        ),
        upfrontUsd: numberOrNull(reservation.FixedPrice),
        per: ' per instance',
      }),
    };
  });
}

async function readRdsReservations(clients: Clients, region: string): Promise<ApiCommitment[]> {
  const commitments: ApiCommitment[] = [];
  let marker: string | undefined;
  do {
    const page = await clients.rds.send(
      new DescribeReservedDBInstancesCommand({ MaxRecords: RESERVED_DATABASES_PER_PAGE, Marker: marker }),
    );
    for (const reservation of page.ReservedDBInstances ?? []) {
      const startsAt = dateOf(reservation.StartTime);
      commitments.push({
        commitmentId: reservation.ReservedDBInstanceArn ?? reservation.ReservedDBInstanceId ?? '',
        kind: 'rds-reservation',
        region,
        state: reservation.State ?? 'unknown',
        offeringType: 'AmazonRDS',
        term: termOf(reservation.Duration),
        paymentOption: reservation.OfferingType ?? '',
        startsAt,
        endsAt: plusSeconds(startsAt, reservation.Duration),
        hourlyCommitmentUsd: null,
        instanceType: reservation.DBInstanceClass ?? null,
        instanceCount: reservation.DBInstanceCount ?? null,
        rates: ratesInWords({
          hourlyUsd: numberOrNull(
            reservation.RecurringCharges?.find((charge) => charge.RecurringChargeFrequency === 'Hourly')
              ?.RecurringChargeAmount ?? reservation.UsagePrice,
          ),
          upfrontUsd: numberOrNull(reservation.FixedPrice),
          per: ' per instance',
        }),
      });
    }
    marker = page.Marker;
  } while (marker);
  return commitments;
}

function failedOutcome(api: CommitmentApi, error: unknown, where: string): CommitmentApiOutcome {
  const failure = callFailure(error, `${PERMISSIONS[api]}${where}`);
  const state =
    failure.code === 'MissingPermission'
      ? 'missing-permission'
      : failure.code === 'Throttled'
        ? 'throttled'
        : 'failed';
  return { api, permission: PERMISSIONS[api], state, message: failure.message };
}

/**
 * One account's commitments from the three APIs, reservations in each of `regions`. An API the role
 * may not call (or that fails) is reported with its permission and contributes nothing; the others
 * still answer.
 */
export async function collectCommitmentInventory(
  access: AwsAccess,
  credentials: AwsCredentials | undefined,
  regions: readonly string[],
): Promise<{ commitments: ApiCommitment[]; outcomes: CommitmentApiOutcome[] }> {
  const commitments: ApiCommitment[] = [];
  const outcomes: CommitmentApiOutcome[] = [];
  try {
    commitments.push(...(await readSavingsPlans(awsClients(access, credentials))));
    outcomes.push({
      api: 'savings-plans',
      permission: PERMISSIONS['savings-plans'],
      state: 'ok',
      message: null,
    });
  } catch (error) {
    outcomes.push(failedOutcome('savings-plans', error, ''));
  }
  const regional = [
    ['ec2-reservations', readEc2Reservations],
    ['rds-reservations', readRdsReservations],
  ] as const;
  for (const [api, read] of regional) {
    const found: ApiCommitment[] = [];
    let failure: CommitmentApiOutcome | null = null;
    for (const region of regions) {
      try {
        found.push(...(await read(awsClients(access, credentials, region), region)));
      } catch (error) {
        failure = failedOutcome(api, error, ` in ${region}`);
        break;
      }
    }
    if (!failure) commitments.push(...found);
    outcomes.push(failure ?? { api, permission: PERMISSIONS[api], state: 'ok', message: null });
  }
  return { commitments, outcomes };
}
