import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportConversationsAnswer } from '../../../../contracts/chat.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ConversationFilter = 'open' | 'resolved' | 'all';

/** Every conversation for support staff: open first, with unread counts and the last message. */
export const supportConversationsQuery = (status: ConversationFilter) =>
  queryOptions({
    queryKey: queryKeys.supportConversations.withStatus(status),
    queryFn: async () =>
      supportConversationsAnswer.parse(await apiRequest('support/conversations', { query: { status } }))
        .conversations,
    staleTime: 0,
  });

export const useSupportConversations = (status: ConversationFilter) =>
  useQuery(supportConversationsQuery(status));
