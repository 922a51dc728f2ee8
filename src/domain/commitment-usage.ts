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
 * A view's choice of one tag key's values: the lines whose `key` holds one of `values`, and, when
 * `untagged`, the lines without the key.
 */
export interface TagChoice {
  key: string;
  values: string[];
  untagged: boolean;
}

/**
 * The usage whose commitments a person sees (decisions 098 and 142): the accounts they own commitments
 * and usage in (null: every account), the tagged usage of other accounts their scope's tag pairs select,
 * and a view's choice of tag values narrowing all of it (decision 143). Null for every account, uncut.
 * Ownership stays with accounts: a fee line carries no usage's tags.
 */
export interface CommitmentUsage {
  accountIds: string[] | null;
  tagged?: TaggedUsage;
  choice?: TagChoice;
}

/**
 * A person's scope narrowed by an account filter, or by a view's choice of one tag's values, as the
 * commitment reads take it.
 */
export function commitmentUsageOf(
  scope: CostScope,
  narrowed: { accountId?: string; tagChoice?: TagChoice } = {},
): CommitmentUsage | null {
  const { accountId, tagChoice } = narrowed;
  const base = scopeUsage(scope, accountId);
  if (!tagChoice) return base;
  if (tagChoice.values.length === 0 && !tagChoice.untagged) return { accountIds: [] };
  return { ...(base ?? { accountIds: null }), choice: tagChoice };
}

function scopeUsage(scope: CostScope, accountId: string | undefined): CommitmentUsage | null {
  if (!scope.restricted) return accountId ? { accountIds: [accountId] } : null;
  const tagged = (accountIds: string[] | null) =>
    scope.tags.length > 0 ? { tagged: { tags: scope.tags, accountIds } } : {};
  if (!accountId) return { accountIds: scope.accountIds, ...tagged(null) };
  if (scope.accountIds.includes(accountId)) return { accountIds: [accountId] };
  return { accountIds: [], ...tagged([accountId]) };
}

/** Whether the usage may hold anything: every account, some accounts, or tag pairs. */
export const holdsUsage = (usage: CommitmentUsage) =>
  usage.accountIds === null || usage.accountIds.length > 0 || (usage.tagged?.tags.length ?? 0) > 0;
