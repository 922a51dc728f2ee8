import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiTokenEvent } from '../../../../contracts/api-tokens.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const listApiTokenEvents = async () =>
  (await apiRequest<{ events: ApiTokenEvent[] }>('api-tokens/events')).events;

/** Owners only. */
export function useApiTokenEvents(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.apiTokens.events, queryFn: listApiTokenEvents, enabled }),
  );
}
