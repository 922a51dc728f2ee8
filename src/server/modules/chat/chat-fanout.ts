import type { ChatMessage } from '../../../contracts/chat.ts';

/** What one server process tells every process (itself included) about a conversation. */
export type ChatEvent =
  | { kind: 'message'; conversationId: string; ownerKey: string; message: ChatMessage }
  | { kind: 'conversation-changed'; conversationId: string };

export type ChatEventListener = (event: ChatEvent) => void;

/** Delivers chat events to every server process: in memory on PGlite, LISTEN/NOTIFY on PostgreSQL. */
export interface ChatFanout {
  publish(event: ChatEvent): Promise<void>;
  subscribe(listener: ChatEventListener): () => void;
  close(): Promise<void>;
}

/** One process owns the embedded database, so its own listeners are everyone. */
export function createInProcessFanout(): ChatFanout {
  const listeners = new Set<ChatEventListener>();
  return {
    async publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
