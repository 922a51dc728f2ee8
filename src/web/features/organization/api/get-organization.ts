import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationDetails } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getOrganization = () => apiRequest<OrganizationDetails>('organization');

export const organizationQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.organization, queryFn: getOrganization });

export function useOrganization() {
  return useQuery(organizationQueryOptions());
}
