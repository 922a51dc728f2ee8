import type { WebSocket } from 'ws';
import type { ChatEvent, ChatFanout } from './chat-fanout.ts';

/** One open socket: a person's (found by its conversation owner) or a support agent's (hears everything). */
export interface ChatConnection {
  socket: WebSocket;
  ownerKey: string | null;
  alive: boolean;
}

/** A client that cannot keep up (over 1 MiB unsent) is dropped rather than held in memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export function sendFrame(connection: ChatConnection, frame: string): void {
  const { socket } = connection;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(frame);
}

/**
 * The sockets of this process, and the heartbeat that keeps them honest: every interval each socket
 * is pinged, and one that did not answer the previous ping is terminated.
 */
export function createChatHub(fanout: ChatFanout, heartbeatMs: number) {
  const byOwner = new Map<string, Set<ChatConnection>>();
  const support = new Set<ChatConnection>();
  const all = new Set<ChatConnection>();
  const inFlight = new Set<Promise<unknown>>();

  const deliver = (event: ChatEvent) => {
    if (event.kind === 'message') {
      const personFrame = JSON.stringify([event.message]);
      for (const connection of byOwner.get(event.ownerKey) ?? []) sendFrame(connection, personFrame);
      if (support.size === 0) return;
      const supportFrame = JSON.stringify([{ ...event.message, conversation_id: event.conversationId }]);
      for (const connection of support) sendFrame(connection, supportFrame);
      return;
    }
    const changed = JSON.stringify({ conversationChanged: event.conversationId });
    for (const connection of support) sendFrame(connection, changed);
  };
  const unsubscribe = fanout.subscribe(deliver);

  const heartbeat = setInterval(() => {
    for (const connection of all) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    add(connection: ChatConnection): void {
      all.add(connection);
      connection.socket.on('pong', () => {
        connection.alive = true;
      });
      if (connection.ownerKey === null) {
        support.add(connection);
        return;
      }
      const set = byOwner.get(connection.ownerKey) ?? new Set();
      set.add(connection);
      byOwner.set(connection.ownerKey, set);
    },
    remove(connection: ChatConnection): void {
      all.delete(connection);
      support.delete(connection);
      if (connection.ownerKey === null) return;
      const set = byOwner.get(connection.ownerKey);
      set?.delete(connection);
      if (set?.size === 0) byOwner.delete(connection.ownerKey);
    },
    connectionCount: () => all.size,
    /** Frames still being handled; shutdown waits for them before the database closes. */
    track(work: Promise<unknown>): void {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },
    async drain(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close(): void {
      clearInterval(heartbeat);
      unsubscribe();
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;
