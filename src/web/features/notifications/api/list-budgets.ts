import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BudgetView } from '../../../../contracts/alerts.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const BUDGETS_QUERY_KEY = ['budgets'] as const;

export const listBudgets = async () => (await apiRequest<{ budgets: BudgetView[] }>('budgets')).budgets;

export function useBudgets() {
  return useQuery(queryOptions({ queryKey: BUDGETS_QUERY_KEY, queryFn: listBudgets }));
}
