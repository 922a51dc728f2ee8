import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE remove-user: from the team with team_id, else from the organization. */
export const removeUser = ({ userId, teamId }: { userId: string; teamId?: string }) =>
  apiRequest<null>('remove-user', { method: 'DELETE', query: { user_id: userId, team_id: teamId } });

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.organization,
          queryKeys.teams,
          queryKeys.teamUsers.all,
          queryKeys.organizationMember.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
