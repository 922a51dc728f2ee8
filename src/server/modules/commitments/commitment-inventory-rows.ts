import type { CommitmentRow } from '../../../contracts/commitments.ts';
import { commitmentTypeLabel } from '../../../domain/commitment-eligibility.ts';
import { listedCommitmentState } from '../../../domain/commitment-sources.ts';
import { daysUntilEnd, returnWindowClosesAt } from '../../../domain/commitment-terms.ts';
import type { CommitmentInventoryRow } from './commitment-inventory.repository.ts';

/** A commitment as the AWS APIs listed it (decision 122), in the words the Commitments page uses. */
export interface ListedCommitment {
  commitmentId: string;
  kind: 'savings-plan' | 'reservation';
  offering: string;
  accountId: string;
  region: string;
  instanceType: string | null;
  awsState: string;
  term: string;
  paymentOption: string;
  hourlyCommitmentUsd: number | null;
  instanceCount: number | null;
  startsAt: string | null;
  endsAt: string | null;
  rates: string | null;
}

const NO_USAGE_YET =
  'Listed by the AWS APIs and not in the bill yet (a queued purchase, or ended before the bills read): no usage to measure.';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function listedCommitment(row: CommitmentInventoryRow): ListedCommitment {
  return {
    commitmentId: row.commitment_id,
    kind: row.kind,
    offering: row.offering,
    accountId: row.account_id,
    region: row.region ?? '',
    instanceType: row.instance_type,
    awsState: row.state,
    term: row.term ?? '',
    paymentOption: row.payment_option,
    hourlyCommitmentUsd: row.hourly_commitment_usd === null ? null : Number(row.hourly_commitment_usd),
    instanceCount: row.instance_count,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    rates: row.rates,
  };
}

/** An instance type's family, as the bill names a reservation's: 'm5.large' → 'm5', 'db.r6g.2xlarge' → 'r6g'. */
function familyOf(instanceType: string | null): string {
  if (!instanceType) return '';
  const parts = instanceType.split('.');
  return (parts[0] === 'db' || parts[0] === 'cache' ? parts[1] : parts[0]) ?? '';
}

/** What the APIs say of a commitment's lifecycle, which wins over the bill's where both say it. */
function lifecycleOf(listed: ListedCommitment, now: Date) {
  const dates = { startsAt: listed.startsAt, endsAt: listed.endsAt };
  return {
    term: listed.term,
    payment_option: listed.paymentOption,
    starts_at: listed.startsAt,
    ends_at: listed.endsAt,
    days_until_end: daysUntilEnd(listed.endsAt, now),
    state: listedCommitmentState(listed.awsState, dates, now),
    aws_state: listed.awsState,
    rates: listed.rates,
  };
}

/** A commitment only the APIs list: its terms, and no usage (utilization null, never a division by zero). */
export function listedOnlyRow(listed: ListedCommitment, now: Date): CommitmentRow {
  const dates = { startsAt: listed.startsAt, endsAt: listed.endsAt };
  return {
    id: listed.commitmentId,
    kind: listed.kind,
    type: commitmentTypeLabel(listed.kind, listed.offering),
    owner_account_id: listed.accountId,
    region: listed.region,
    instance_family: familyOf(listed.instanceType),
    hourly_commitment_usd: listed.hourlyCommitmentUsd,
    reserved_count: listed.instanceCount,
    returnable_until: returnWindowClosesAt(listed.kind, dates, listed.hourlyCommitmentUsd, now),
    source: 'aws-api',
    ...lifecycleOf(listed, now),
    total_commitment_usd: 0,
    used_commitment_usd: 0,
    unused_commitment_usd: 0,
    utilization_percent: null,
    on_demand_equivalent_usd: null,
    net_savings_usd: null,
    savings_unknown_reason: NO_USAGE_YET,
  };
}

/** The bill's row of a commitment the APIs list too: the bill's money, the APIs' lifecycle. */
export function withListing(row: CommitmentRow, listed: ListedCommitment, now: Date): CommitmentRow {
  const lifecycle = lifecycleOf(listed, now);
  return {
    ...row,
    ...lifecycle,
    term: lifecycle.term || row.term,
    payment_option: lifecycle.payment_option || row.payment_option,
    starts_at: lifecycle.starts_at ?? row.starts_at,
    ends_at: lifecycle.ends_at ?? row.ends_at,
    days_until_end: lifecycle.ends_at ? lifecycle.days_until_end : row.days_until_end,
    hourly_commitment_usd: listed.hourlyCommitmentUsd ?? row.hourly_commitment_usd,
    reserved_count: listed.instanceCount ?? row.reserved_count,
    source: 'both',
  };
}
