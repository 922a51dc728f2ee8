import { formatDayWithYear } from './calendar-labels.ts';
import { formatUsd } from './money.ts';

/**
 * A queued purchase announced once when it starts (decision 122): a Savings Plan or reservation the AWS
 * APIs listed as queued starts being billed on its start day. Once per commitment (the outbox key, as
 * the expiry leads of decision 099), and only within a week of its start, so a plan first seen queued
 * and evaluated long after does not announce a start nobody needs any more.
 */

const ANNOUNCED_WITHIN_MS = 7 * 86_400_000;

export function startDedupeKey(commitmentId: string): string {
  return `commitment-start:${commitmentId}`;
}

/** Whether a commitment seen queued, starting at `queuedStart`, is due its announcement at `now`. */
export function startIsDue(queuedStart: string | null, now: Date): boolean {
  if (!queuedStart) return false;
  const since = now.getTime() - Date.parse(queuedStart);
  return since >= 0 && since < ANNOUNCED_WITHIN_MS;
}

export function startAlertText(commitment: {
  type: string;
  commitmentId: string;
  startsAt: string;
  hourlyCommitmentUsd: number | null;
  reservedCount: number | null;
}): { title: string; summary: string } {
  const day = formatDayWithYear(commitment.startsAt.slice(0, 10));
  const size =
    commitment.hourlyCommitmentUsd !== null
      ? ` It commits ${formatUsd(commitment.hourlyCommitmentUsd)} an hour, used or not.`
      : commitment.reservedCount !== null
        ? ` It reserves ${commitment.reservedCount} instance${commitment.reservedCount === 1 ? '' : 's'}, used or not.`
        : '';
  return {
    title: `${commitment.type} queued purchase started on ${day}`,
    summary: `${commitment.commitmentId} was bought queued and started on ${day}: from then it is billed and covers eligible usage.${size}`,
  };
}
