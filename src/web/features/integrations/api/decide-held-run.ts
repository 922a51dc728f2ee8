import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IngestionRunView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface HeldRunDecision {
  integrationId: string;
  runId: string;
  action: 'confirm' | 'discard';
}

/** Confirms a held upload (its months are replaced) or discards it (the current numbers stay). */
export const decideHeldRun = ({ integrationId, runId, action }: HeldRunDecision) =>
  apiRequest<IngestionRunView>(`integrations/${integrationId}/runs/${runId}/${action}`, { method: 'POST' });

export function useDecideHeldRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHeldRun,
    onSuccess: async (_run, { action }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all });
      notifications.show({
        color: 'teal',
        message:
          action === 'confirm'
            ? 'Replacing the months with the new file.'
            : 'The new file was discarded; the current numbers stay.',
      });
    },
  });
}
