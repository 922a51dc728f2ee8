import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProposeActionInput, ResourceActionView } from '../../contracts/actions.ts';
import type { MyCostScope } from '../../contracts/teams.ts';
import type { CostScope } from '../../domain/cost-scope.ts';
import { mayApprove } from '../../domain/resource-actions.ts';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.tsx';

// The action endpoints the launch ledger and the Recommendations screen share (decisions 102, 110, 126).

/** POST actions: the dry run says exactly what will change; nothing changes yet. */
export const proposeAction = (input: ProposeActionInput) =>
  apiRequest<ResourceActionView>('actions', { method: 'POST', body: input });

/** POST actions/:id/confirm: runs the proposal once. */
export const confirmAction = (actionId: string) =>
  apiRequest<ResourceActionView>(`actions/${actionId}/confirm`, { method: 'POST' });

/** POST actions/:id/undo: starts what was stopped, restores a group's sizes or a tag; answers the new action. */
export const undoAction = (actionId: string) =>
  apiRequest<ResourceActionView>(`actions/${actionId}/undo`, { method: 'POST' });

export const useProposeAction = () => useMutation({ mutationFn: proposeAction });

/** After a run the ledger, the log and the findings may all have changed. */
function useRanAction(mutationFn: (actionId: string) => Promise<ResourceActionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.launchLedger.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.actionLog }),
        queryClient.invalidateQueries({ queryKey: queryKeys.recommendationList.root }),
      ]);
    },
  });
}

export const useConfirmAction = () => useRanAction(confirmAction);
export const useUndoAction = () => useRanAction(undoAction);

/** GET cost-scope: what the signed-in person sees of the organization's spend. */
export const getCostScope = () => apiRequest<MyCostScope>('cost-scope');

export const costScopeQuery = () => queryOptions({ queryKey: queryKeys.costScope, queryFn: getCostScope });

const scopeOf = (scope: MyCostScope): CostScope =>
  scope.restricted
    ? { restricted: true, accountIds: scope.account_ids, tags: scope.tags }
    : { restricted: false };

/**
 * Whether the signed-in person may approve an action on a resource, by the rule the API enforces
 * (`mayApprove`): owners and admins, and members whose team scope covers it. Until the scope is read,
 * and for a resource whose tags the screen does not know, a member is not offered the button.
 */
export function useMayAct(): (resource: { accountId: string; tags: Record<string, string> }) => boolean {
  const { user } = useSession();
  const role = user?.role ?? '';
  const privileged = role === 'owner' || role === 'admin';
  const scope = useQuery({ ...costScopeQuery(), enabled: Boolean(user) && !privileged });
  if (privileged) return () => true;
  const known = scope.data;
  if (!known) return () => false;
  return (resource) => mayApprove(role, scopeOf(known), resource);
}
