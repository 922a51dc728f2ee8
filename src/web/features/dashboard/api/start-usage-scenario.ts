import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The demo's usage scenarios, each its own POST demo/<scenario> with its defaults (docs/decisions/094). */
export type UsageScenario = 'nat-egress-leak' | 'lambda-loop' | 'logging-flood' | 'token-spike';

/** What each answers: the resource it started on (the NAT leak names it nat_gateway_id). */
export interface UsageScenarioAnswer {
  resource_id?: string;
  nat_gateway_id?: string;
  region: string;
  account_id: string;
}

/** POST demo/nat-egress-leak, demo/lambda-loop, demo/logging-flood or demo/token-spike with the defaults. */
export const startUsageScenario = (scenario: UsageScenario) =>
  apiRequest<UsageScenarioAnswer>(`demo/${scenario}`, { method: 'POST', body: {} });

/** The meter sees it at its next read; the usage rows are asked again now and by their own polling. */
export function useStartUsageScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startUsageScenario,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.usageMeter.all }),
  });
}
