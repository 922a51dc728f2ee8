import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceActionView } from '../../../../contracts/actions.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST actions/:id/confirm: runs the proposal once; the ledger and the log change. */
export const confirmAction = (actionId: string) =>
  apiRequest<ResourceActionView>(`actions/${actionId}/confirm`, { method: 'POST' });

export function useConfirmAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAction,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.launchLedger.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.actionLog });
    },
  });
}
