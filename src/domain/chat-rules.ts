/** Rules of the live support chat: its token's life, and what may be sent. */

/** A visitor's chat token lives 24 hours; the browser asks for a new one after that. */
export const CHAT_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** A visitor may trade an expired token for a new one on the same conversation for this long. */
export const CHAT_TOKEN_RENEWAL_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Long enough for a detailed question, short enough for one notification and one screen. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** A support reply left unread this long is sent to the person by e-mail (once per reply). */
export const UNREAD_REPLY_MAIL_DELAY_MS = 10 * 60 * 1000;

/** Is a cached visitor token young enough to use (refreshed when older than 24 hours)? */
export function isChatTokenFresh(issuedAtMs: number, nowMs: number): boolean {
  return nowMs - issuedAtMs < CHAT_TOKEN_MAX_AGE_MS && issuedAtMs <= nowMs;
}

/** Why a message cannot be sent as typed, or null when it can (empty messages are not sent). */
export function chatMessageProblem(text: string): string | null {
  if (text.trim() === '') return 'Type a message first.';
  if (text.length > CHAT_MESSAGE_MAX_LENGTH) {
    return `Messages are limited to ${CHAT_MESSAGE_MAX_LENGTH} characters; this one has ${text.length}.`;
  }
  return null;
}

/** Adds messages that arrived live to those already shown: once each, in the order the server numbered them. */
export function mergeChatMessages<M extends { m_id: string }>(
  known: readonly M[],
  arrived: readonly M[],
): M[] {
  const byId = new Map(known.map((message) => [message.m_id, message]));
  for (const message of arrived) byId.set(message.m_id, message);
  return [...byId.values()].sort((a, b) => Number(a.m_id) - Number(b.m_id));
}
