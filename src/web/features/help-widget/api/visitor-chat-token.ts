import { chatTokenAnswer } from '../../../../contracts/chat.ts';
import { isChatTokenFresh } from '../../../../domain/chat-rules.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const STORAGE_KEY = 'spendguard.chatToken';

interface CachedChatToken {
  token: string;
  issuedAt: number;
}

function readCached(): CachedChatToken | null {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as CachedChatToken | null;
    return parsed && typeof parsed.token === 'string' && typeof parsed.issuedAt === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The visitor's chat token is cached in local storage with its timestamp and
 * refreshed when older than 24 hours. The old token goes along so the conversation carries on.
 */
export async function visitorChatToken(options: { forceRefresh?: boolean } = {}): Promise<string> {
  const cached = readCached();
  if (cached && !options.forceRefresh && isChatTokenFresh(cached.issuedAt, Date.now())) return cached.token;
  // The messages query and the socket ask at the same moment: both must get the same token.
  pending ??= requestToken(cached).finally(() => {
    pending = null;
  });
  return pending;
}

let pending: Promise<string> | null = null;

async function requestToken(cached: CachedChatToken | null): Promise<string> {
  const answer = chatTokenAnswer.parse(
    await apiRequest('chat-token', { headers: cached ? { 'x-chat-token': cached.token } : {} }),
  );
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: answer.token, issuedAt: Date.now() }));
  return answer.token;
}

/** The cached token, without asking the server (for calls made once the chat is open). */
export function cachedVisitorChatToken(): string | null {
  return readCached()?.token ?? null;
}
