import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const deleteTeam = (teamId: string) =>
  apiRequest<null>(`teams/${encodeURIComponent(teamId)}`, { method: 'DELETE' });

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () =>
      Promise.all(
        [['teams'], ['organization']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
