import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GpuBurstAnswer, GpuBurstInput } from '../../../../contracts/launch-events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The body as sent: count and type may be left out (8 × p4d.24xlarge). */
type GpuBurstBody = Partial<GpuBurstInput>;

/** POST demo/launch-gpu-burst: the simulated company starts GPU instances in the demo account. */
export const launchGpuBurst = (input: GpuBurstBody) =>
  apiRequest<GpuBurstAnswer>('demo/launch-gpu-burst', { method: 'POST', body: input });

/**
 * The events reach the ledger through the poller within seconds, not with this answer: the ledger and
 * the integrations' event status are refetched now and again by their own polling.
 */
export function useLaunchGpuBurst() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: launchGpuBurst,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.launchLedger.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.launchEventsStatus });
    },
  });
}
