import type { CostScope } from '../../../domain/cost-scope.ts';
import type { TaggedUsage } from '../cost-data/cost-data.service.ts';

/**
 * The usage whose commitments a person sees (decisions 098 and 142): the accounts they own commitments
 * and usage in, and the tagged usage of other accounts their scope's tag pairs select. Null for every
 * account. Ownership stays with accounts: a fee line carries no usage's tags.
 */
export interface CommitmentUsage {
  accountIds: string[];
  tagged?: TaggedUsage;
}

/** A person's scope narrowed by an account filter, as the commitment reads take it. */
export function commitmentUsageOf(scope: CostScope, accountId?: string): CommitmentUsage | null {
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
