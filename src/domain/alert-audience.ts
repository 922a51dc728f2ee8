/**
 * Who receives an alert: everyone who sees all spend; a person limited to their
 * teams' spend receives an alert only when what it watches lies inside that scope — every account
 * it is filtered on is one of theirs, or it is filtered on one of their tag values.
 */

import type { CostScope, TagPair } from './cost-scope.ts';

export interface AlertWatches {
  /** The accounts the budget or rule is limited to; empty when it watches every account. */
  accountIds: readonly string[];
  /** The tag value it is limited to, if any. */
  tag: TagPair | null;
}

export function alertReachesScope(scope: CostScope, watches: AlertWatches): boolean {
  if (!scope.restricted) return true;
  if (
    watches.tag &&
    scope.tags.some((tag) => tag.key === watches.tag!.key && tag.value === watches.tag!.value)
  ) {
    return true;
  }
  if (watches.accountIds.length === 0) return false;
  return watches.accountIds.every((accountId) => scope.accountIds.includes(accountId));
}
