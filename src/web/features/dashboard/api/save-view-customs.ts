import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ViewCustoms } from '../../../../contracts/users.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The dashboard's choices are saved back to view_customs through PATCH users. */
export const saveViewCustoms = (viewCustoms: ViewCustoms) =>
  apiRequest('users', { method: 'PATCH', body: { view_customs: viewCustoms } });

export function useSaveViewCustoms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveViewCustoms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
