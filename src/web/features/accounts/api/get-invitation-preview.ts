import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** What an invitation link offers: the sign-up form prefills and locks its e-mail. */
export const getInvitationPreview = (code: string) =>
  apiRequest<InvitationPreview>(`invitations/${encodeURIComponent(code)}`);

export function useInvitationPreview(code: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['invitation', code],
      queryFn: () => getInvitationPreview(code ?? ''),
      enabled: Boolean(code),
      retry: false,
    }),
  );
}
