import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCostScope } from '../../../../contracts/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getCostScope = () => apiRequest<MyCostScope>('cost-scope');

export function useCostScope() {
  return useQuery(queryOptions({ queryKey: queryKeys.costScope, queryFn: getCostScope }));
}
