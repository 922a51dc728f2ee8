import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingData } from '../../../../contracts/billing-data.ts';
import {
  type BillingView,
  formatSelectedTagValues,
  isBillingQueryReady,
} from '../../../../domain/billing-view.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { persistentQueryOptions } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { withProviderLabels } from './provider-labels.ts';
import { EVERY_PROVIDER, type ProviderView, providerQuery } from './provider-view.ts';

/** GET billing-data with exactly its parameters, and the provider ones when chosen (decision 060). */
export const getBillingData = (
  userId: string,
  view: BillingView,
  signal?: AbortSignal,
  providers: ProviderView = EVERY_PROVIDER,
) =>
  apiRequest<BillingData>('billing-data', {
    signal,
    query: {
      user_id: userId,
      start_date: view.startDate,
      end_date: view.endDate,
      integration: view.integration,
      tag_key: view.tagKey,
      selected_tag_values: formatSelectedTagValues(view.selectedTagValues),
      is_amortized: view.isAmortized ? 'true' : 'false',
      ...providerQuery(providers),
    },
  }).then(withProviderLabels);

export const billingDataQuery = (
  userId: string | undefined,
  view: BillingView,
  providers: ProviderView = EVERY_PROVIDER,
) =>
  queryOptions({
    queryKey: queryKeys.billingData.view(userId, { ...view, ...providerQuery(providers) }),
    queryFn: ({ signal }) => getBillingData(userId ?? '', view, signal, providers),
    // Only when user id, integration, tag key and tag values are all set.
    enabled: isBillingQueryReady(view, userId),
    // Up to 3 retries, none on Subscription Expired, no refetch on window focus.
    ...persistentQueryOptions,
    // A new control keeps the previous chart on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export const useBillingData = (userId: string | undefined, view: BillingView, providers?: ProviderView) =>
  useQuery(billingDataQuery(userId, view, providers));
