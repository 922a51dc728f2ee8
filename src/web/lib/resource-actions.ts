import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProposeActionInput, ResourceActionView } from '../../contracts/actions.ts';
import type { IntegrationView } from '../../contracts/integrations.ts';
import type { MyCostScope } from '../../contracts/teams.ts';
import type { CostScope } from '../../domain/cost-scope.ts';
import { actionRoleCovers } from '../../domain/resource-action-offers.ts';
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

/** What a screen knows of the resource an action would act on. */
export interface ActableResource {
  integrationId: string;
  accountId: string;
  tags: Record<string, string>;
}

/** GET integrations, read under the same key as the screens that list them. */
const integrationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.integrations.list,
    queryFn: ({ signal }) => apiRequest<IntegrationView[]>('integrations', { signal }),
  });

/**
 * Whether the signed-in person may act on a resource: its integration's action role reaches its account
 * (actions on, the role's own account), and the person may approve by the rule the API enforces
 * (`mayApprove`): owners and admins, and members whose team scope covers it. Until both are read, and for
 * a resource whose tags the screen does not know, a member is not offered the button.
 */
export function useMayAct(): (resource: ActableResource) => boolean {
  const { user } = useSession();
  const role = user?.role ?? '';
  const privileged = role === 'owner' || role === 'admin';
  const integrations = useQuery({ ...integrationsQuery(), enabled: Boolean(user) });
  const scope = useQuery({ ...costScopeQuery(), enabled: Boolean(user) && !privileged });
  const roles = new Map(
    (integrations.data ?? []).map((one) => [one.id, one.actions.enabled ? one.actions.role_arn : null]),
  );
  const known = scope.data;
  return (resource) => {
    if (!actionRoleCovers(roles.get(resource.integrationId) ?? null, resource.accountId)) return false;
    if (privileged) return true;
    return known !== undefined && mayApprove(role, scopeOf(known), resource);
  };
}
