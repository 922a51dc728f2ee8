import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteTeam = (teamId: string) =>
  apiRequest<null>(`teams/${encodeURIComponent(teamId)}`, { method: 'DELETE' });

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () =>
      Promise.all(
        [queryKeys.teams, queryKeys.organization].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
