import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertRuleView } from '../../../../contracts/alerts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const listAlertRules = async () =>
  (await apiRequest<{ alert_rules: AlertRuleView[] }>('alert-rules')).alert_rules;

export function useAlertRules() {
  return useQuery(queryOptions({ queryKey: queryKeys.alertRules, queryFn: listAlertRules }));
}
