import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../../contracts/alerts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface PreferencesChange {
  email: boolean;
  slack: boolean;
  digest: NotificationPreferences['digest'];
  kinds: NotificationPreferences['kinds'];
  extra_recipients?: string[];
}

export const getNotificationPreferences = () =>
  apiRequest<NotificationPreferences>('notification-preferences');
export const putNotificationPreferences = (change: PreferencesChange) =>
  apiRequest<NotificationPreferences>('notification-preferences', { method: 'PUT', body: change });

export function useNotificationPreferences() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.notificationPreferences, queryFn: getNotificationPreferences }),
  );
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationPreferences, saved),
  });
}
