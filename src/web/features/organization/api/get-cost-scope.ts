import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCostScope } from '../../../../contracts/teams.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const getCostScope = () => apiRequest<MyCostScope>('cost-scope');

export function useCostScope() {
  return useQuery(queryOptions({ queryKey: ['cost-scope'], queryFn: getCostScope }));
}
