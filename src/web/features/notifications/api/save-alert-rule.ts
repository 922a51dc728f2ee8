import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertRuleView, CreateAlertRuleInput } from '../../../../contracts/alerts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createAlertRule = (input: CreateAlertRuleInput) =>
  apiRequest<AlertRuleView>('alert-rules', { method: 'POST', body: input });

export interface AlertRuleChange {
  id: string;
  name?: string;
  paused?: boolean;
  settings?: Record<string, unknown>;
}

export const updateAlertRule = ({ id, ...change }: AlertRuleChange) =>
  apiRequest<AlertRuleView>(`alert-rules/${id}`, { method: 'PATCH', body: change });

export function useCreateAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlertRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.alertRules }),
  });
}

export function useUpdateAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.alertRules }),
  });
}
