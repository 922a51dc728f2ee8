import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationView } from '../../../../contracts/alerts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const listNotifications = async () =>
  (await apiRequest<{ notifications: NotificationView[] }>('notifications', { query: { limit: 100 } }))
    .notifications;

/** The history refreshes on its own while deliveries are under way. */
export function useNotifications() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.notifications,
      queryFn: listNotifications,
      refetchInterval: (query) =>
        query.state.data?.some((entry) =>
          entry.deliveries.some((d) => d.state === 'pending' || d.state === 'sending'),
        )
          ? 3000
          : false,
    }),
  );
}
