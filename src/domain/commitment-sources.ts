import { type CommitmentDates, type CommitmentState, commitmentState } from './commitment-terms.ts';

/**
 * One commitment seen by the bill, by the AWS APIs, or by both (decision 122). The bill names a
 * Savings Plan and an RDS reservation by ARN, as the APIs do; it names an EC2 reservation by an ARN
 * ending in `reserved-instances/<id>`, where EC2 lists the bare id.
 */
export type CommitmentSource = 'bill' | 'aws-api' | 'both';

export function isSameCommitment(billId: string, apiId: string): boolean {
  return billId === apiId || (apiId.length > 0 && billId.endsWith(`/${apiId}`));
}

export interface MatchedCommitment<Bill, Api> {
  source: CommitmentSource;
  bill: Bill | null;
  api: Api | null;
}

/** The bill's commitments in their order, each with its API listing if any, then those only the APIs list. */
export function matchCommitmentSources<
  Bill extends { commitmentId: string },
  Api extends { commitmentId: string },
>(bill: readonly Bill[], api: readonly Api[]): MatchedCommitment<Bill, Api>[] {
  const unmatched = new Set(api);
  const matched: MatchedCommitment<Bill, Api>[] = bill.map((row) => {
    const listed = [...unmatched].find((entry) => isSameCommitment(row.commitmentId, entry.commitmentId));
    if (!listed) return { source: 'bill', bill: row, api: null };
    unmatched.delete(listed);
    return { source: 'both', bill: row, api: listed };
  });
  for (const listed of unmatched) matched.push({ source: 'aws-api', bill: null, api: listed });
  return matched;
}

/**
 * Where a commitment the APIs list stands: a reservation AWS retired early is expired whatever its end
 * says; one whose payment is pending has not started; otherwise its dates decide, as for the bill's.
 */
export function listedCommitmentState(awsState: string, dates: CommitmentDates, now: Date): CommitmentState {
  if (awsState === 'retired' || awsState === 'returned') return 'expired';
  if (awsState === 'queued' || awsState === 'payment-pending') return 'queued';
  return commitmentState(dates, now);
}
