import { useQuery } from '@tanstack/react-query';
import type { ResourceActionView } from '../../../../contracts/actions.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET action-links/:token: what the mail's link would do (a GET never acts). */
export const getActionLink = (token: string, signal?: AbortSignal) =>
  apiRequest<ResourceActionView>(`action-links/${token}`, { signal });

export const useActionLink = (token: string) =>
  useQuery({
    queryKey: queryKeys.actionLink(token),
    queryFn: ({ signal }) => getActionLink(token, signal),
    retry: false,
  });
