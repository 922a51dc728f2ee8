import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamSummary } from '../../../../contracts/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const TEAMS_QUERY_KEY = ['teams'] as const;

export const listTeams = async () => (await apiRequest<{ teams: TeamSummary[] }>('teams')).teams;

export function useTeams() {
  return useQuery(queryOptions({ queryKey: TEAMS_QUERY_KEY, queryFn: listTeams }));
}
