/**
 * What a commitment billed to an account outside a scope did for the usage inside it (decision 139). The
 * scope's share of its covered usage is decision 134's (by On-Demand cost, by hours when the bill leaves
 * that cost unknown). What that usage cost under the commitment is the used part the bill charges in the
 * scope's accounts where it does (a reservation's discounted usage, FOCUS's effective cost), else the
 * scope's share of the commitment's used part (a Savings Plan's, which the CUR charges on its fee line).
 * It saved its On-Demand cost less that. Utilization and unused dollars stay the owner's: they are the fee's.
 */

import { type CoveredUsage, coveredShareOf } from './commitment-end-in-scope.ts';

export interface CommitmentPartInScope {
  /** 0 to 1. */
  share: number;
  coveredOnDemand: number | null;
  coveredHours: number;
  /** The used commitment the scope's covered usage stands for. */
  cost: number;
  /** Null when the bill does not say the covered usage's On-Demand cost. */
  netSavings: number | null;
}

/** The scope's part of a commitment over a window, or null when none of its covered usage is in the scope. */
export function commitmentPartInScope(
  covered: { inScope: CoveredUsage; whole: CoveredUsage },
  usedCommitment: { whole: number; inScope: number },
): CommitmentPartInScope | null {
  const share = coveredShareOf(covered.inScope, covered.whole);
  if (share === 0) return null;
  const cost = usedCommitment.inScope > 0 ? usedCommitment.inScope : usedCommitment.whole * share;
  const { onDemand, hours } = covered.inScope;
  return {
    share,
    coveredOnDemand: onDemand,
    coveredHours: hours,
    cost,
    netSavings: onDemand === null ? null : onDemand - cost,
  };
}
