import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingInvitation } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const listInvitations = async () =>
  (await apiRequest<{ invitations: PendingInvitation[] }>('organization-invitations')).invitations;

/** Owners and admins only: members are not asked. */
export function useInvitations(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: queryKeys.invitations, queryFn: listInvitations, enabled }));
}
