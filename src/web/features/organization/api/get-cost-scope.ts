import { useQuery } from '@tanstack/react-query';
import { costScopeQuery } from '../../../lib/resource-actions.ts';

/** GET cost-scope, shared with the action buttons that ask whether a member may act. */
export function useCostScope() {
  return useQuery(costScopeQuery());
}
