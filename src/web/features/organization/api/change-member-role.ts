import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationMember } from '../../../../contracts/organizations.ts';
import type { OrganizationRole } from '../../../../domain/organization-roles.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const changeMemberRole = ({ userId, role }: { userId: string; role: OrganizationRole }) =>
  apiRequest<OrganizationMember>(`organization-users/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: { role },
  });

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organization }),
        queryClient.invalidateQueries({ queryKey: queryKeys.organizationMember.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]),
  });
}
