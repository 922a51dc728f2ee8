import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceActionView } from '../../../../contracts/actions.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST action-links/:token/confirm: the mail link's one use. */
export const confirmActionLink = (token: string) =>
  apiRequest<ResourceActionView>(`action-links/${token}/confirm`, { method: 'POST' });

export function useConfirmActionLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmActionLink(token),
    onSuccess: async (action) => {
      queryClient.setQueryData(queryKeys.actionLink(token), action);
      await queryClient.invalidateQueries({ queryKey: queryKeys.launchLedger.all });
    },
  });
}
