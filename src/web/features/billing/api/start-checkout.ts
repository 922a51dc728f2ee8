import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, rejectionMessage } from '../../../lib/api-client.ts';

type BusinessPlan = 'business_monthly' | 'business_yearly';

/** POST /api/billing/checkout, then off to Stripe's hosted Checkout page (no Stripe.js needed). */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (plan: BusinessPlan) =>
      apiRequest<{ url: string }>('billing/checkout', { method: 'POST', body: { plan } }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Checkout could not open',
        message: rejectionMessage(error),
      }),
  });
}
