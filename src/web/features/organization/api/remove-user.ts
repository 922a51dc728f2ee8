import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §7 DELETE remove-user: from the team with team_id, else from the organization. */
export const removeUser = ({ userId, teamId }: { userId: string; teamId?: string }) =>
  apiRequest<null>('remove-user', { method: 'DELETE', query: { user_id: userId, team_id: teamId } });

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () =>
      Promise.all(
        [['organization'], ['teams'], ['team-users'], ['organization-member']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
