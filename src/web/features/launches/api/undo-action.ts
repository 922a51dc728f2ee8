import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceActionView } from '../../../../contracts/actions.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST actions/:id/undo: starts what the stop stopped; answers the new action. */
export const undoAction = (actionId: string) =>
  apiRequest<ResourceActionView>(`actions/${actionId}/undo`, { method: 'POST' });

export function useUndoAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoAction,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.launchLedger.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.actionLog });
    },
  });
}
