import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionSummary } from '../../../../contracts/billing.ts';
import { apiRequest, rejectionMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The POST actions that answer the new plan: the screen shows it at once, and the session (whose
 * user record carries subscription_plan) is read again.
 */
export function useSubscriptionChange(action: 'trial' | 'cancel' | 'resume' | 'downgrade', done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SubscriptionSummary>(`billing/${action}`, { method: 'POST', body: {} }),
    onSuccess: async (summary) => {
      queryClient.setQueryData(queryKeys.billing.subscription, summary);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      notifications.show({ color: 'teal', message: done });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Nothing changed', message: rejectionMessage(error) }),
  });
}
