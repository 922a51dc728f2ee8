import { useQuery } from '@tanstack/react-query';
import type { LaunchEventRejectionListView } from '../../../../contracts/launch-events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET integrations/:id/launch-events/rejections: the newest 50 messages that were not launch events. */
export const getLaunchEventRejections = (integrationId: string, signal?: AbortSignal) =>
  apiRequest<LaunchEventRejectionListView>(`integrations/${integrationId}/launch-events/rejections`, {
    signal,
  });

/** Read when the list is opened (owners and admins only), not with every card. */
export const useLaunchEventRejections = (integrationId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.launchEventRejections(integrationId),
    queryFn: ({ signal }) => getLaunchEventRejections(integrationId, signal),
    enabled,
    staleTime: 10_000,
  });
