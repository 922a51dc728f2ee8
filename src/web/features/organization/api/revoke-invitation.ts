import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { INVITATIONS_QUERY_KEY } from './list-invitations.ts';

export const revokeInvitation = (invitationId: string) =>
  apiRequest<null>(`organization-invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_QUERY_KEY }),
  });
}
