import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageMeterView } from '../../../../contracts/usage-meter.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET usage-meter: the metered resources and each integration's meter. */
export const getUsageMeter = (signal?: AbortSignal) => apiRequest<UsageMeterView>('usage-meter', { signal });

/** Asked again every 30 s while the page is open (the meter reads every few minutes). */
export const usageMeterQuery = () =>
  queryOptions({
    queryKey: queryKeys.usageMeter.all,
    queryFn: ({ signal }) => getUsageMeter(signal),
    refetchInterval: 30_000,
    staleTime: 20_000,
  });

export const useUsageMeter = () => useQuery(usageMeterQuery());
