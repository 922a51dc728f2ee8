import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationDetails } from '../../../../contracts/organizations.ts';
import { managesOrganization } from '../../../../domain/organization-roles.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Whether the viewer manages budgets and alerts (owners and admins); shares the organization query. */
export function useManagesAlerts(): boolean {
  const organization = useQuery(
    queryOptions({
      queryKey: queryKeys.organization,
      queryFn: () => apiRequest<OrganizationDetails>('organization'),
    }),
  );
  return organization.isSuccess && managesOrganization(organization.data.my_role);
}
