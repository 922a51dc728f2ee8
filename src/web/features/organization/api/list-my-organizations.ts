import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrganization } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const MY_ORGANIZATIONS_QUERY_KEY = ['organizations', 'mine'] as const;

export const listMyOrganizations = async () =>
  (await apiRequest<{ organizations: MyOrganization[] }>('organizations')).organizations;

export function useMyOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: MY_ORGANIZATIONS_QUERY_KEY,
      queryFn: listMyOrganizations,
      enabled: options.enabled,
    }),
  );
}
