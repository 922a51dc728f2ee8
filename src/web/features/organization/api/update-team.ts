import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetails, UpdateTeamInput } from '../../../../contracts/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateTeam = ({ teamId, patch }: { teamId: string; patch: UpdateTeamInput }) =>
  apiRequest<TeamDetails>(`teams/${encodeURIComponent(teamId)}`, { method: 'PATCH', body: patch });

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: () =>
      Promise.all(
        [queryKeys.teams, queryKeys.teamUsers.all, queryKeys.organization].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
