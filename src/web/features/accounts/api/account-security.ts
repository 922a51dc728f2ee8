import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { storeSessionToken } from '../../../lib/session-token.ts';

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('auth/send-verification-email', {
        method: 'POST',
        body: { email, callbackURL: '/dashboard' },
      }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (newEmail: string) =>
      apiRequest('auth/change-email', { method: 'POST', body: { newEmail, callbackURL: '/settings' } }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiRequest<{ token?: string | null }>('auth/change-password', {
        method: 'POST',
        body: { ...input, revokeOtherSessions: true },
      }),
    // Other sessions are signed out; this one continues under the new token.
    onSuccess: (answer) => {
      if (answer.token) storeSessionToken(answer.token);
    },
  });
}

/** Deletes the account after the password; the session goes with it. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; password: string }) =>
      apiRequest('users', {
        method: 'DELETE',
        query: { user_id: input.userId },
        body: { password: input.password },
      }),
    onSuccess: async () => {
      storeSessionToken(null);
      queryClient.clear();
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}
