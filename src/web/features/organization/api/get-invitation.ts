import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getInvitation = (code: string) =>
  apiRequest<InvitationPreview>(`invitations/${encodeURIComponent(code)}`);

export function useInvitation(code: string | null) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.invitation(code),
      queryFn: () => getInvitation(code ?? ''),
      enabled: Boolean(code),
      retry: false,
    }),
  );
}
