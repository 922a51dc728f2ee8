import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamUsers } from '../../../../contracts/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { retryUnlessMissing } from './retry-unless-missing.ts';

/** GET list_users?slug=: the team and its members. */
export const listTeamUsers = (slug: string) => apiRequest<TeamUsers>('list_users', { query: { slug } });

export function useTeamUsers(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.teamUsers.ofTeam(slug),
      queryFn: () => listTeamUsers(slug),
      retry: retryUnlessMissing,
    }),
  );
}
