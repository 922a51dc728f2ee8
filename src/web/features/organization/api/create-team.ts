import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTeamInput, TeamDetails } from '../../../../contracts/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createTeam = (input: CreateTeamInput) =>
  apiRequest<TeamDetails>('teams', { method: 'POST', body: input });

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
        queryClient.invalidateQueries({ queryKey: queryKeys.organization }),
      ]),
  });
}
