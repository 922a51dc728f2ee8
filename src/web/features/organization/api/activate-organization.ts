import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyOrganization } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const activateOrganization = (organizationId: string) =>
  apiRequest<MyOrganization>(`organizations/${encodeURIComponent(organizationId)}/activate`, {
    method: 'POST',
  });

/**
 * Everything on screen belonged to the previous organization: every query is read again. The callbacks live
 * on the mutation, not on `mutate`, because the menu that starts the switch closes (unmounts) at once.
 */
export function useActivateOrganization(callbacks: {
  onSwitched(organization: MyOrganization): void;
  onFailed(error: Error): void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateOrganization,
    onSuccess: async (organization) => {
      await queryClient.invalidateQueries();
      callbacks.onSwitched(organization);
    },
    onError: callbacks.onFailed,
  });
}
