import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageMeterView } from '../../../../contracts/usage-meter.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET usage-meter?integration_id=: one integration's meter (its state per service and monthly cost). */
export const getIntegrationUsageMeter = (integrationId: string, signal?: AbortSignal) =>
  apiRequest<UsageMeterView>(`usage-meter?integration_id=${encodeURIComponent(integrationId)}`, { signal });

export const integrationUsageMeterQuery = (integrationId: string) =>
  queryOptions({
    queryKey: queryKeys.usageMeter.integration(integrationId),
    queryFn: ({ signal }) => getIntegrationUsageMeter(integrationId, signal),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

export const useIntegrationUsageMeter = (integrationId: string) =>
  useQuery(integrationUsageMeterQuery(integrationId));
