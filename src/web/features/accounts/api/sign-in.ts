import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { storeSessionToken } from '../../../lib/session-token.ts';

export interface SignInInput {
  email: string;
  password: string;
}

interface AuthAnswer {
  token: string | null;
}

export async function signIn(input: SignInInput): Promise<void> {
  const answer = await apiRequest<AuthAnswer>('auth/sign-in/email', { method: 'POST', body: input });
  if (answer.token) storeSessionToken(answer.token);
}

/** Signs in and re-reads the session, so the guard moves the person on. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
