import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationDetails } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const ORGANIZATION_QUERY_KEY = ['organization'] as const;

export const getOrganization = () => apiRequest<OrganizationDetails>('organization');

export const organizationQueryOptions = () =>
  queryOptions({ queryKey: ORGANIZATION_QUERY_KEY, queryFn: getOrganization });

export function useOrganization() {
  return useQuery(organizationQueryOptions());
}
