import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationMember } from '../../../../contracts/organizations.ts';
import type { OrganizationRole } from '../../../../domain/organization-roles.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ORGANIZATION_QUERY_KEY } from './get-organization.ts';

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
        queryClient.invalidateQueries({ queryKey: ORGANIZATION_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['organization-member'] }),
        queryClient.invalidateQueries({ queryKey: ['session'] }),
      ]),
  });
}
