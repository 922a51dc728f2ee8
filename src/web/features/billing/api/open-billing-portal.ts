import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, rejectionMessage } from '../../../lib/api-client.ts';

/** POST /api/billing/portal, then off to Stripe's customer portal (card, invoices, billing details). */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => apiRequest<{ url: string }>('billing/portal', { method: 'POST', body: {} }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'The billing portal could not open',
        message: rejectionMessage(error),
      }),
  });
}
