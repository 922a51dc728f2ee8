import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreditsOverview } from '../../../../contracts/credits.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/credits/redeem: answers the new balance and history. */
export function useRedeemCreditCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<CreditsOverview>('credits/redeem', { method: 'POST', body: { code } }),
    onSuccess: (overview) => queryClient.setQueryData(queryKeys.billing.credits, overview),
  });
}
