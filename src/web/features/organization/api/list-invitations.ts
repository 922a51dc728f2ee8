import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingInvitation } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const INVITATIONS_QUERY_KEY = ['organization-invitations'] as const;

export const listInvitations = async () =>
  (await apiRequest<{ invitations: PendingInvitation[] }>('organization-invitations')).invitations;

/** Owners and admins only: members are not asked. */
export function useInvitations(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: INVITATIONS_QUERY_KEY, queryFn: listInvitations, enabled }));
}
