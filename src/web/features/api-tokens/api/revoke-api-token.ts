import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenView } from '../../../../contracts/api-tokens.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const revokeApiToken = (tokenId: string) =>
  apiRequest<ApiTokenView>(`api-tokens/${encodeURIComponent(tokenId)}`, { method: 'DELETE' });

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}
