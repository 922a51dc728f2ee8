import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamSpend } from '../../../../contracts/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { retryUnlessMissing } from './retry-unless-missing.ts';

/** GET /api/team-spend/{slug}: the team's own month and the state of its budgets. */
export const getTeamSpend = (slug: string) => apiRequest<TeamSpend>(`team-spend/${encodeURIComponent(slug)}`);

export function useTeamSpend(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.teamSpend(slug),
      queryFn: () => getTeamSpend(slug),
      retry: retryUnlessMissing,
      refetchOnWindowFocus: false,
    }),
  );
}
