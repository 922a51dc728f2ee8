import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sends the reset mail; the answer is the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('auth/request-password-reset', {
        method: 'POST',
        body: { email, redirectTo: '/sign-in/reset' },
      }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiRequest('auth/reset-password', { method: 'POST', body: input }),
  });
}
