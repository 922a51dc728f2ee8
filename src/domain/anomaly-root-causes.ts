/**
 * Why a day cost more: each dimension value's dollars above its own baseline, ranked.
 * Only values that went up explain a spike; a value that went down is not a cause.
 */

export const ROOT_CAUSE_DIMENSIONS = ['service', 'account', 'region', 'usage-type'] as const;
export type RootCauseDimension = (typeof ROOT_CAUSE_DIMENSIONS)[number];

export const DEFAULT_ROOT_CAUSE_COUNT = 5;

export interface DimensionContribution {
  dimension: RootCauseDimension;
  value: string;
  /** Cost of this value on the anomalous day. */
  current: number;
  /** Its expected cost that day (its own baseline). */
  baseline: number;
}

export interface RootCause extends DimensionContribution {
  /** current - baseline, in USD. */
  impact: number;
  /** This value's share of the increase among values of the same dimension that went up, in percent. */
  shareOfIncrease: number;
}

/** Values that went up, largest dollar impact first (ties by dimension, then value), top `count`. */
export function rankRootCauses(
  contributions: readonly DimensionContribution[],
  count: number = DEFAULT_ROOT_CAUSE_COUNT,
): RootCause[] {
  const increases = contributions
    .map((contribution) => ({ ...contribution, impact: contribution.current - contribution.baseline }))
    .filter((contribution) => contribution.impact > 0);
  const increaseByDimension = new Map<RootCauseDimension, number>();
  for (const { dimension, impact } of increases) {
    increaseByDimension.set(dimension, (increaseByDimension.get(dimension) ?? 0) + impact);
  }
  return increases
    .map((contribution) => ({
      ...contribution,
      shareOfIncrease: (contribution.impact / increaseByDimension.get(contribution.dimension)!) * 100,
    }))
    .sort(
      (a, b) =>
        b.impact - a.impact ||
        ROOT_CAUSE_DIMENSIONS.indexOf(a.dimension) - ROOT_CAUSE_DIMENSIONS.indexOf(b.dimension) ||
        a.value.localeCompare(b.value),
    )
    .slice(0, count);
}
