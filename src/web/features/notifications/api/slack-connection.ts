import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind, SlackConnectionView } from '../../../../contracts/alerts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface SlackConnectionChange {
  webhook_url?: string;
  channel?: string;
  alert_kinds: NotificationKind[];
  /** Left out: the channel's digest stays as it is. */
  digest?: SlackConnectionView['digest'];
}

export const getSlackConnection = () => apiRequest<SlackConnectionView>('slack');
export const putSlackConnection = (change: SlackConnectionChange) =>
  apiRequest<SlackConnectionView>('slack', { method: 'PUT', body: change });
export const deleteSlackConnection = () => apiRequest<void>('slack', { method: 'DELETE' });
export const sendSlackTest = () => apiRequest<{ message: string }>('slack/test', { method: 'POST' });
export const startSlackOAuth = () => apiRequest<{ url: string }>('slack/oauth/start');

export function useSlackConnection() {
  return useQuery(queryOptions({ queryKey: queryKeys.slack, queryFn: getSlackConnection }));
}

export function useSaveSlackConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSlackConnection,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.slack, saved),
  });
}

export function useDisconnectSlack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlackConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.slack }),
  });
}

export function useSendSlackTest() {
  return useMutation({ mutationFn: sendSlackTest });
}
