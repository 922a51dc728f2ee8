import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionSummary } from '../../../../contracts/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSubscription = () => apiRequest<SubscriptionSummary>('billing/subscription');

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.billing.subscription, queryFn: getSubscription });

/** The organization's plan; `pollMs` keeps asking while Stripe's confirmation is on its way. */
export function useSubscription(options: { enabled?: boolean; pollMs?: number | false } = {}) {
  return useQuery({
    ...subscriptionQueryOptions(),
    enabled: options.enabled ?? true,
    refetchInterval: options.pollMs ?? false,
  });
}
