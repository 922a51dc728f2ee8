import type { CostScope } from '../../../domain/cost-scope.ts';

/**
 * The accounts whose commitments and usage a person sees (decision 098): a team scope's, narrowed by a
 * filter; null for every account. A team scoped by tags alone sees none: fee lines carry no tags.
 */
export function commitmentAccountsOf(scope: CostScope, accountId?: string): string[] | null {
  const scoped = scope.restricted ? scope.accountIds : null;
  if (!accountId) return scoped;
  if (scoped && !scoped.includes(accountId)) return [];
  return [accountId];
}
