import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BudgetView } from '../../../../contracts/alerts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const listBudgets = async () => (await apiRequest<{ budgets: BudgetView[] }>('budgets')).budgets;

export function useBudgets() {
  return useQuery(queryOptions({ queryKey: queryKeys.budgets, queryFn: listBudgets }));
}
