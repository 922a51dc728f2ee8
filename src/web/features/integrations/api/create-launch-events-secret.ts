import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LaunchEventsSecretView } from '../../../../contracts/launch-events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST integrations/:id/launch-events/secret: a new API destination secret (replacing any old one). */
export const createLaunchEventsSecret = (integrationId: string) =>
  apiRequest<LaunchEventsSecretView>(`integrations/${integrationId}/launch-events/secret`, {
    method: 'POST',
    body: {},
  });

export function useCreateLaunchEventsSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLaunchEventsSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.launchEventsStatus }),
  });
}
