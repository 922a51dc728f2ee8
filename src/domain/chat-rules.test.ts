import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TOKEN_MAX_AGE_MS,
  chatMessageProblem,
  isChatTokenFresh,
  mergeChatMessages,
} from './chat-rules.ts';

describe('a cached visitor chat token', () => {
  const issuedAt = Date.UTC(2026, 10, 22, 8, 0);

  it('is used for 24 hours', () => {
    expect(isChatTokenFresh(issuedAt, issuedAt + CHAT_TOKEN_MAX_AGE_MS - 1)).toBe(true);
  });

  it('is refreshed once it is 24 hours old', () => {
    expect(isChatTokenFresh(issuedAt, issuedAt + CHAT_TOKEN_MAX_AGE_MS)).toBe(false);
  });

  it('is refreshed when its timestamp lies in the future (a clock that was wrong)', () => {
    expect(isChatTokenFresh(issuedAt + 60_000, issuedAt)).toBe(false);
  });
});

describe('a chat message', () => {
  it('cannot be empty or only spaces', () => {
    expect(chatMessageProblem('')).toBe('Type a message first.');
    expect(chatMessageProblem('  \n ')).toBe('Type a message first.');
  });

  it('may be as long as the cap, not longer, and says how long it is', () => {
    expect(chatMessageProblem('a'.repeat(CHAT_MESSAGE_MAX_LENGTH))).toBeNull();
    expect(chatMessageProblem('a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toBe(
      'Messages are limited to 2000 characters; this one has 2001.',
    );
  });

  it('is taken as written, markup included (it is shown as text, never as HTML)', () => {
    expect(chatMessageProblem('<b>hi</b>')).toBeNull();
  });
});

describe('messages arriving live', () => {
  const message = (m_id: string, comment = m_id) => ({ m_id, comment });

  it('join the conversation once each, in the order the server numbered them (9 before 10)', () => {
    const merged = mergeChatMessages(
      [message('9'), message('10')],
      [message('10'), message('11'), message('2')],
    );
    expect(merged.map((m) => m.m_id)).toEqual(['2', '9', '10', '11']);
  });
});
