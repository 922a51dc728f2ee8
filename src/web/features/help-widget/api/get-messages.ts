import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ChatMessage, messagesAnswer } from '../../../../contracts/chat.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { persistentQueryOptions } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type ChatIdentity, chatIdentityKey } from './chat-identity.ts';
import { visitorChatToken } from './visitor-chat-token.ts';

/** GET messages: `user_id` signed in; a visitor names itself with its chat token. */
export async function fetchChatMessages(identity: ChatIdentity): Promise<ChatMessage[]> {
  const request =
    identity.kind === 'user'
      ? { query: { user_id: identity.userId } }
      : { headers: { 'x-chat-token': await visitorChatToken() } };
  return messagesAnswer.parse(await apiRequest('messages', request)).comments;
}

export const chatMessagesQuery = (identity: ChatIdentity) =>
  queryOptions({
    queryKey: queryKeys.chatMessages(chatIdentityKey(identity)),
    queryFn: () => fetchChatMessages(identity),
    ...persistentQueryOptions,
  });

export const useChatMessages = (identity: ChatIdentity, enabled: boolean) =>
  useQuery({ ...chatMessagesQuery(identity), enabled });
