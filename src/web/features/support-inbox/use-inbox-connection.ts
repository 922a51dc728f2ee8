import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { chatErrorFrame, conversationChangedFrame, supportChatMessage } from '../../../contracts/chat.ts';
import { mergeChatMessages } from '../../../domain/chat-rules.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { chatSocketUrl, ReconnectingSocket, type SocketPhase } from '../../lib/reconnecting-socket.ts';
import { readSessionToken } from '../../lib/session-token.ts';

const messageFrame = z.array(supportChatMessage);

/**
 * The support connection (`/api/chat?token=…&inbox=1`): it hears every conversation. New messages join
 * their conversation's query and refresh the list; replies go out as {message, conversationId}.
 */
export function useInboxConnection() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SocketPhase>('closed');
  const [problem, setProblem] = useState<string | null>(null);
  const socketRef = useRef<ReconnectingSocket | null>(null);

  useEffect(() => {
    const refreshList = () => queryClient.invalidateQueries({ queryKey: queryKeys.supportConversations.all });
    const socket = new ReconnectingSocket(
      async () => chatSocketUrl({ token: readSessionToken() ?? '', inbox: '1' }),
      {
        onPhase: setPhase,
        onOpen: () => {
          void refreshList();
          void queryClient.invalidateQueries({ queryKey: queryKeys.supportMessages.all });
        },
        onFrame: (frame) => {
          const messages = messageFrame.safeParse(frame);
          if (messages.success) {
            for (const message of messages.data) {
              queryClient.setQueryData(
                queryKeys.supportMessages.ofConversation(message.conversation_id),
                (known: typeof messages.data | undefined) =>
                  known ? mergeChatMessages(known, [message]) : known,
              );
            }
            void refreshList();
            return;
          }
          if (conversationChangedFrame.safeParse(frame).success) void refreshList();
          const refusal = chatErrorFrame.safeParse(frame);
          if (refusal.success) setProblem(refusal.data.error.message);
        },
      },
    );
    socketRef.current = socket;
    socket.open();
    return () => socket.close();
  }, [queryClient]);

  const reply = useCallback((conversationId: string, text: string) => {
    setProblem(null);
    return socketRef.current?.send({ message: text, conversationId }) ?? false;
  }, []);
  const clearProblem = useCallback(() => setProblem(null), []);

  return { phase, problem, reply, clearProblem };
}

export type InboxConnection = ReturnType<typeof useInboxConnection>;
