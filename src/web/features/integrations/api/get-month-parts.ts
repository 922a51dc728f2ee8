import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthPartsView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET integrations/:id/month-parts: the months an upload integration holds in parts. */
export const getMonthParts = (integrationId: string, signal?: AbortSignal) =>
  apiRequest<MonthPartsView[]>(`integrations/${integrationId}/month-parts`, { signal });

/** `runState` names the integration's latest run and its state: a run that ends changes the parts kept. */
export const monthPartsQuery = (integrationId: string, runState: string) =>
  queryOptions({
    queryKey: queryKeys.integrations.monthParts(integrationId, runState),
    queryFn: ({ signal }) => getMonthParts(integrationId, signal),
  });

export const useMonthParts = (integrationId: string, runState: string) =>
  useQuery(monthPartsQuery(integrationId, runState));
