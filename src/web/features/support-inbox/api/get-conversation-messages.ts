import { queryOptions, useQuery } from '@tanstack/react-query';
import { messagesAnswer } from '../../../../contracts/chat.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { persistentQueryOptions } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const conversationMessagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: queryKeys.supportMessages.ofConversation(conversationId),
    queryFn: async () =>
      messagesAnswer.parse(await apiRequest(`support/conversations/${conversationId}/messages`)).comments,
    staleTime: 0,
    ...persistentQueryOptions,
  });

export const useConversationMessages = (conversationId: string) =>
  useQuery(conversationMessagesQuery(conversationId));
