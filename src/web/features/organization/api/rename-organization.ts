import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationDetails } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ORGANIZATION_QUERY_KEY } from './get-organization.ts';

export const renameOrganization = (name: string) =>
  apiRequest<OrganizationDetails>('organization', { method: 'PATCH', body: { name } });

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData(ORGANIZATION_QUERY_KEY, organization);
      return queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
