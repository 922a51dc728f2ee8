import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationDetails } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const renameOrganization = (name: string) =>
  apiRequest<OrganizationDetails>('organization', { method: 'PATCH', body: { name } });

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData(queryKeys.organization, organization);
      return queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}
