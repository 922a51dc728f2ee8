import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetails } from '../../../../contracts/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const addTeamMember = ({ teamId, userId }: { teamId: string; userId: string }) =>
  apiRequest<TeamDetails>(`teams/${encodeURIComponent(teamId)}/members`, {
    method: 'POST',
    body: { user_id: userId },
  });

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTeamMember,
    onSuccess: () =>
      Promise.all(
        [queryKeys.teamUsers.all, queryKeys.teams, queryKeys.organization].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
