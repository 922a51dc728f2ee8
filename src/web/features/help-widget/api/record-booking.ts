import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** After a booking the app sends PATCH pm-schedule {url}, then refreshes the schedule. */
export function useRecordBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => apiRequest('pm-schedule', { method: 'PATCH', body: { url } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all }),
  });
}
