import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT (turn on, with the role's ARN) or DELETE (turn off) integrations/:id/action-role. */
export const setActionRole = ({ id, roleArn }: { id: string; roleArn: string | null }) =>
  roleArn === null
    ? apiRequest<IntegrationView>(`integrations/${id}/action-role`, { method: 'DELETE' })
    : apiRequest<IntegrationView>(`integrations/${id}/action-role`, {
        method: 'PUT',
        body: { role_arn: roleArn },
      });

export function useSetActionRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActionRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all }),
  });
}
