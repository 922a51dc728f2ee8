import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE integrations/:id/launch-events/secret: the API destination stops being accepted at once. */
export const deleteLaunchEventsSecret = (integrationId: string) =>
  apiRequest<null>(`integrations/${integrationId}/launch-events/secret`, { method: 'DELETE' });

export function useDeleteLaunchEventsSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLaunchEventsSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.launchEventsStatus }),
  });
}
