import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateIntegrationInput, IntegrationView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createIntegration = (input: CreateIntegrationInput) =>
  apiRequest<IntegrationView>('integrations', { method: 'POST', body: input });

export function useCreateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIntegration,
    onSuccess: async (integration) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all });
      notifications.show({ color: 'teal', message: `${integration.name} is connected.` });
    },
  });
}
