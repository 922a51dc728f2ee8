import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface UserPatch {
  fullname?: string;
  default_timezone?: string;
  phone?: string | null;
  view_customs?: CurrentUser['view_customs'];
}

export const updateUser = (patch: UserPatch) =>
  apiRequest<CurrentUser>('users', { method: 'PATCH', body: patch });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
