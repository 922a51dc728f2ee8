import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiTokenView } from '../../../../contracts/api-tokens.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const listApiTokens = async () =>
  (await apiRequest<{ api_tokens: ApiTokenView[] }>('api-tokens')).api_tokens;

/** Owners and admins only: members are not asked. */
export function useApiTokens(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: queryKeys.apiTokens.list, queryFn: listApiTokens, enabled }));
}
