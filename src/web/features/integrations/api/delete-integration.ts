import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const deleteIntegration = (id: string) => apiRequest<null>(`integrations/${id}`, { method: 'DELETE' });

/** Disconnecting deletes the integration's cost data, runs and inventory. */
export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIntegration,
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      notifications.show({ color: 'teal', message: 'Disconnected. Its data is deleted.' });
    },
  });
}
