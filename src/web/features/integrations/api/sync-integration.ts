import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, rejectionMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const syncIntegration = (id: string) =>
  apiRequest<{ queued: boolean; message: string }>(`integrations/${id}/sync`, { method: 'POST', body: {} });

export function useSyncIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncIntegration,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all });
      notifications.show({ color: answer.queued ? 'teal' : 'gray', message: answer.message });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Sync not started', message: rejectionMessage(error) }),
  });
}
