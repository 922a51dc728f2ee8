/**
 * A scope's part of a commitment that ends within the forecast's month (decision 134): from its end only
 * the usage it paid for moves to On-Demand prices, so a team carries the commitment's latest 30 days in
 * proportion to the covered usage in its scope, by its On-Demand cost (by its hours when the bill leaves
 * that cost unknown). The organization's extra is split, never added to: the parts of disjoint scopes
 * add up to at most the whole, and a scope holding none of the covered usage carries none of the end.
 */

import type { EndingCommitment } from './commitment-forecast.ts';

/** Usage a commitment paid for over its latest 30 days in the bill; onDemand null when the bill cannot say. */
export interface CoveredUsage {
  onDemand: number | null;
  hours: number;
}

/** The share (0 to 1) of a commitment's covered usage that falls in a scope, over the same days. */
export function coveredShareOf(inScope: CoveredUsage, whole: CoveredUsage): number {
  const { onDemand } = whole;
  const share =
    inScope.onDemand !== null && onDemand !== null && onDemand > 0
      ? inScope.onDemand / onDemand
      : whole.hours > 0
        ? inScope.hours / whole.hours
        : 0;
  return Math.min(1, Math.max(0, share));
}

/** The scope's part of an ending commitment, or null when none of its covered usage is in the scope. */
export function endingCommitmentInScope(
  commitment: EndingCommitment,
  covered: { inScope: CoveredUsage; whole: CoveredUsage },
): EndingCommitment | null {
  const share = coveredShareOf(covered.inScope, covered.whole);
  if (share === 0) return null;
  const figures = commitment.last30Days;
  return {
    ...commitment,
    last30Days: figures && {
      onDemandEquivalent: figures.onDemandEquivalent * share,
      commitmentCost: figures.commitmentCost * share,
    },
  };
}
