import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceActionView } from '../../../../contracts/actions.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST action-links/:token/keep: keep the resources as they are; the proposal ends, no policy acts on it. */
export const keepActionLink = (token: string) =>
  apiRequest<ResourceActionView>(`action-links/${token}/keep`, { method: 'POST' });

export function useKeepActionLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => keepActionLink(token),
    onSuccess: (action) => queryClient.setQueryData(queryKeys.actionLink(token), action),
  });
}
