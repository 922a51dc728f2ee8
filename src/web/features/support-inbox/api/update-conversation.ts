import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ConversationPatch {
  resolved?: boolean;
  read?: true;
}

export const updateConversation = (conversationId: string, patch: ConversationPatch) =>
  apiRequest(`support/conversations/${conversationId}`, { method: 'PATCH', body: patch });

/** Resolve or reopen a conversation, or mark the person's messages read; the list follows. */
export function useUpdateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, patch }: { conversationId: string; patch: ConversationPatch }) =>
      updateConversation(conversationId, patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.supportConversations.all }),
  });
}
