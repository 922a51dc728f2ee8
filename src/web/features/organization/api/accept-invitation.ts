import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyOrganization } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const acceptInvitation = (invitation: string) =>
  apiRequest<{ organization: MyOrganization }>('invitations/accept', {
    method: 'POST',
    body: { invitation },
  });

/** The session now works in the organization joined: every query is read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
