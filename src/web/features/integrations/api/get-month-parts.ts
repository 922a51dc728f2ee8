import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthPartsView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET integrations/:id/month-parts: the months an upload integration holds in parts. */
export const getMonthParts = (integrationId: string, signal?: AbortSignal) =>
  apiRequest<MonthPartsView[]>(`integrations/${integrationId}/month-parts`, { signal });

export const monthPartsQuery = (integrationId: string) =>
  queryOptions({
    queryKey: queryKeys.integrations.monthParts(integrationId),
    queryFn: ({ signal }) => getMonthParts(integrationId, signal),
  });

export const useMonthParts = (integrationId: string) => useQuery(monthPartsQuery(integrationId));
