import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { type ChatErrorFrame, chatErrorFrame, chatMessage } from '../../../contracts/chat.ts';
import { mergeChatMessages } from '../../../domain/chat-rules.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { chatSocketUrl, ReconnectingSocket, type SocketPhase } from '../../lib/reconnecting-socket.ts';
import { readSessionToken } from '../../lib/session-token.ts';
import { type ChatIdentity, chatIdentityKey } from './api/chat-identity.ts';
import { chatMessagesQuery } from './api/get-messages.ts';
import { cachedVisitorChatToken, visitorChatToken } from './api/visitor-chat-token.ts';

const messageFrame = z.array(chatMessage);
/** The server closes a visitor's socket with this code when its token expires. */
const TOKEN_EXPIRED_CLOSE = 4001;

export type ChatProblem = ChatErrorFrame['error'];

/**
 * The live connection: connecting, then open. Pressing Chat opens it (and reopens it
 * when closed, readyState 3); Back closes it. Received message frames are added to the messages query.
 */
export function useChatConnection(identity: ChatIdentity) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SocketPhase>('closed');
  const [problem, setProblem] = useState<ChatProblem | null>(null);
  const socketRef = useRef<ReconnectingSocket | null>(null);
  const identityKey = chatIdentityKey(identity);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one socket per identity
  useEffect(() => {
    let renewToken = false;
    let openedSinceLastAttempt = true;
    const key = queryKeys.chatMessages(identityKey);
    const socket = new ReconnectingSocket(
      async () => {
        if (identity.kind === 'user') return chatSocketUrl({ token: readSessionToken() ?? '' });
        // A token the server refused (expired early, or unknown) is traded for a new one.
        const forceRefresh = renewToken || !openedSinceLastAttempt;
        renewToken = false;
        openedSinceLastAttempt = false;
        return chatSocketUrl({ chatToken: await visitorChatToken({ forceRefresh }) });
      },
      {
        onPhase: setPhase,
        onOpen: async () => {
          openedSinceLastAttempt = true;
          // Catch up on what arrived while the connection was down. A refusal (such as 402 Subscription
          // Expired) lands in the messages query, which the chat view explains: nothing is left uncaught.
          const messages = await queryClient
            .fetchQuery({ ...chatMessagesQuery(identity), staleTime: 0 })
            .catch(() => null);
          if (!messages) return;
          const chatToken = cachedVisitorChatToken();
          if (identity.kind === 'visitor' && messages.length === 0 && chatToken) socket.send({ chatToken });
        },
        onFrame: (frame) => {
          const messages = messageFrame.safeParse(frame);
          if (messages.success) {
            queryClient.setQueryData(key, (known: z.infer<typeof messageFrame> | undefined) =>
              mergeChatMessages(known ?? [], messages.data),
            );
            return;
          }
          const refusal = chatErrorFrame.safeParse(frame);
          if (refusal.success) setProblem(refusal.data.error);
        },
        onServerClose: (code) => {
          if (code === TOKEN_EXPIRED_CLOSE) renewToken = true;
        },
      },
    );
    socketRef.current = socket;
    return () => socket.close();
  }, [identityKey, queryClient]);

  const open = useCallback(() => socketRef.current?.open(), []);
  const close = useCallback(() => socketRef.current?.close(), []);
  const send = useCallback((text: string) => {
    setProblem(null);
    return socketRef.current?.send({ message: text }) ?? false;
  }, []);
  const clearProblem = useCallback(() => setProblem(null), []);

  return { phase, problem, open, close, send, clearProblem };
}

export type ChatConnection = ReturnType<typeof useChatConnection>;
