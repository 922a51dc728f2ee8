import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { ChatMessage } from '../../../contracts/chat.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { ChatEvent, ChatEventListener, ChatFanout } from './chat-fanout.ts';

const CHANNEL = 'spendguard_chat';
/** NOTIFY payloads stop at 8000 bytes; a larger event travels as a reference and is read back. */
const INLINE_PAYLOAD_BYTES = 7000;
const MAX_RECONNECT_DELAY_MS = 30_000;

type Notice =
  | ChatEvent
  | { kind: 'message-ref'; conversationId: string; ownerKey: string; messageId: string };

interface PostgresFanoutOptions {
  connectionString: string;
  db: Kysely<DatabaseSchema>;
  log: FastifyBaseLogger;
  loadMessage(messageId: string): Promise<ChatMessage | undefined>;
}

/**
 * Every app node LISTENs on one channel through its own dedicated connection (a pooled one would
 * be handed to other queries); publishing is a NOTIFY through the pool. A node hears its own
 * notices too, so local and remote sockets are served by the same path.
 */
export async function createPostgresFanout(options: PostgresFanoutOptions): Promise<ChatFanout> {
  const listeners = new Set<ChatEventListener>();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  const deliver = async (payload: string | undefined) => {
    if (!payload) return;
    const notice = JSON.parse(payload) as Notice;
    let event: ChatEvent | undefined = notice.kind === 'message-ref' ? undefined : notice;
    if (notice.kind === 'message-ref') {
      const message = await options.loadMessage(notice.messageId);
      if (message)
        event = {
          kind: 'message',
          conversationId: notice.conversationId,
          ownerKey: notice.ownerKey,
          message,
        };
    }
    if (event) for (const listener of listeners) listener(event);
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'spendguard-chat',
    });
    next.on('notification', (notification) => {
      deliver(notification.payload).catch((error) => options.log.error({ err: error }, 'chat notice failed'));
    });
    next.on('error', (error) => {
      if (client !== next) return;
      options.log.warn({ err: error }, 'chat LISTEN connection lost; reconnecting');
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    failures = 0;
  };

  // Notices sent while the connection is down are lost; clients re-read the history when they reconnect.
  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    client?.end().catch(() => {});
    client = undefined;
    const delay = Math.min(MAX_RECONNECT_DELAY_MS, 500 * 2 ** failures++);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch((error) => {
        options.log.warn({ err: error }, 'chat LISTEN reconnect failed');
        scheduleReconnect();
      });
    }, delay);
  };

  await connect();

  return {
    async publish(event) {
      let payload = JSON.stringify(event);
      if (event.kind === 'message' && Buffer.byteLength(payload) > INLINE_PAYLOAD_BYTES) {
        const { conversationId, ownerKey, message } = event;
        payload = JSON.stringify({ kind: 'message-ref', conversationId, ownerKey, messageId: message.m_id });
      }
      await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(options.db);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      listeners.clear();
      await client?.end().catch(() => {});
    },
  };
}
