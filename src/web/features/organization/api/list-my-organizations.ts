import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrganization } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const listMyOrganizations = async () =>
  (await apiRequest<{ organizations: MyOrganization[] }>('organizations')).organizations;

export function useMyOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.myOrganizations,
      queryFn: listMyOrganizations,
      enabled: options.enabled,
    }),
  );
}
