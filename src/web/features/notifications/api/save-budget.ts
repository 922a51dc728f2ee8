import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetView, CreateBudgetInput, UpdateBudgetInput } from '../../../../contracts/alerts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createBudget = (input: CreateBudgetInput) =>
  apiRequest<BudgetView>('budgets', { method: 'POST', body: input });

export const updateBudget = ({ id, ...input }: UpdateBudgetInput & { id: string }) =>
  apiRequest<BudgetView>(`budgets/${id}`, { method: 'PATCH', body: input });

/** Creates when no id is given, else changes the budget. */
export function useSaveBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBudgetInput & { id?: string }) =>
      input.id ? updateBudget({ ...input, id: input.id }) : createBudget(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.budgets }),
  });
}

export function usePauseBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) => updateBudget({ id, paused }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.budgets }),
  });
}
