import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normalizeFullName } from '../../../../domain/account-rules.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { storeSessionToken } from '../../../lib/session-token.ts';

export const MAIL_DELIVERY_KEY = 'spendguard.verification-mail';

export interface SignUpInput {
  fullname: string;
  email: string;
  password: string;
  /** The code of the invitation being answered: the account joins that organization. */
  invitation?: string;
}

export interface SignUpAnswer {
  token: string | null;
  /** Where the verification mail went when the server has no SMTP: the operator's outbox. */
  mailDelivery?: 'smtp' | 'outbox';
}

export async function signUp(input: SignUpInput): Promise<SignUpAnswer> {
  const answer = await apiRequest<SignUpAnswer>('auth/sign-up/email', {
    method: 'POST',
    body: {
      name: normalizeFullName(input.fullname),
      email: input.email,
      password: input.password,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      callbackURL: '/dashboard',
      invitation: input.invitation,
    },
  });
  if (answer.token) storeSessionToken(answer.token);
  // The next screen (/settings, while unverified) tells the person where the link went.
  window.sessionStorage.setItem(MAIL_DELIVERY_KEY, answer.mailDelivery ?? 'smtp');
  return answer;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
