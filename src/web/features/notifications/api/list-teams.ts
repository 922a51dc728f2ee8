import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamSummary } from '../../../../contracts/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The organization's teams, for a launch rule that watches one team's accounts. */
export const listTeams = async () => (await apiRequest<{ teams: TeamSummary[] }>('teams')).teams;

export function useTeams() {
  return useQuery(queryOptions({ queryKey: queryKeys.teams, queryFn: listTeams }));
}
