import type { CostScope, TagPair } from './cost-scope.ts';

/**
 * Usage outside a scope's accounts that still counts in it because its lines carry one of the scope's
 * tag pairs (decision 142); `accountIds` narrows it to some accounts (a filter), null for any.
 */
export interface TaggedUsage {
  tags: TagPair[];
  accountIds: string[] | null;
}

/**
 * The usage whose commitments a person sees (decisions 098 and 142): the accounts they own commitments
 * and usage in, and the tagged usage of other accounts their scope's tag pairs select. Null for every
 * account. Ownership stays with accounts: a fee line carries no usage's tags.
 */
export interface CommitmentUsage {
  accountIds: string[];
  tagged?: TaggedUsage;
}

/**
 * A person's scope narrowed by an account filter, or by a view's choice of tag values, as the commitment
 * reads take it. A choice of tag values holds only tagged usage: within the scope's accounts, or anywhere
 * for an unrestricted scope. The reads cannot cut a scope's own tag pairs by another tag, nor select the
 * lines a key is missing from (null in the choice): such a view holds none.
 */
export function commitmentUsageOf(
  scope: CostScope,
  narrowed: { accountId?: string; tagChoice?: ReadonlyArray<TagPair | null> } = {},
): CommitmentUsage | null {
  const { accountId, tagChoice } = narrowed;
  if (tagChoice) {
    const pairs = tagChoice.filter((pair) => pair !== null);
    if (pairs.length < tagChoice.length || pairs.length === 0 || (scope.restricted && scope.tags.length > 0))
      return { accountIds: [] };
    return {
      accountIds: [],
      tagged: { tags: pairs, accountIds: scope.restricted ? scope.accountIds : null },
    };
  }
  if (!scope.restricted) return accountId ? { accountIds: [accountId] } : null;
  const tagged = (accountIds: string[] | null) =>
    scope.tags.length > 0 ? { tagged: { tags: scope.tags, accountIds } } : {};
  if (!accountId) return { accountIds: scope.accountIds, ...tagged(null) };
  if (scope.accountIds.includes(accountId)) return { accountIds: [accountId] };
  return { accountIds: [], ...tagged([accountId]) };
}

/** Whether the usage holds anything: some accounts, or tag pairs. */
export const holdsUsage = (usage: CommitmentUsage) =>
  usage.accountIds.length > 0 || (usage.tagged?.tags.length ?? 0) > 0;
