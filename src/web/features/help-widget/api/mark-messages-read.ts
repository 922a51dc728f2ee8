import { apiRequest } from '../../../lib/api-client.ts';
import type { ChatIdentity } from './chat-identity.ts';
import { cachedVisitorChatToken } from './visitor-chat-token.ts';

/** PATCH messages: the person has seen support's replies up to `upToId`. */
export async function markMessagesRead(identity: ChatIdentity, upToId: string): Promise<void> {
  if (identity.kind === 'user') {
    await apiRequest('messages', { method: 'PATCH', body: { user_id: identity.userId, m_id: upToId } });
    return;
  }
  const token = cachedVisitorChatToken();
  if (token)
    await apiRequest('messages', {
      method: 'PATCH',
      headers: { 'x-chat-token': token },
      body: { m_id: upToId },
    });
}
