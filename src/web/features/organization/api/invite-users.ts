import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteUsersAnswer, InviteUsersInput } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST organization-users. */
export const inviteUsers = (users: InviteUsersInput['users']) =>
  apiRequest<InviteUsersAnswer>('organization-users', { method: 'POST', body: { users } });

export function useInviteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations }),
  });
}
