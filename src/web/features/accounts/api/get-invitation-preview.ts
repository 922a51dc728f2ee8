import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What an invitation link offers: the sign-up form prefills and locks its e-mail. */
export const getInvitationPreview = (code: string) =>
  apiRequest<InvitationPreview>(`invitations/${encodeURIComponent(code)}`);

export function useInvitationPreview(code: string | null) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.invitation(code),
      queryFn: () => getInvitationPreview(code ?? ''),
      enabled: Boolean(code),
      retry: false,
    }),
  );
}
