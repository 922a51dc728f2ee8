import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const renameIntegration = ({ id, name }: { id: string; name: string }) =>
  apiRequest<IntegrationView>(`integrations/${id}`, { method: 'PATCH', body: { name } });

export function useRenameIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameIntegration,
    onSuccess: async (integration) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all });
      notifications.show({ color: 'teal', message: `Renamed to ${integration.name}.` });
    },
  });
}
