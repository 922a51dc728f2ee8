import { resolveAuthSecret } from '../../auth/auth-secret.ts';
import type { AppContext } from '../../context.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findMessage } from './chat.repository.ts';
import { createChatService } from './chat.service.ts';
import { type ChatFanout, createInProcessFanout } from './chat-fanout.ts';
import { createChatHub } from './chat-hub.ts';
import { createChatTokenSigner } from './chat-token-signer.ts';
import { createPostgresFanout } from './postgres-chat-fanout.ts';
import { createSupportInboxService } from './support-inbox.service.ts';
import { createUnreadReplyMailer } from './unread-reply-mails.ts';

/** PostgreSQL may serve many app nodes, so frames travel through it; PGlite is one process. */
async function createFanout(context: AppContext): Promise<ChatFanout> {
  const { database, log } = context;
  if (database.kind !== 'postgres' || !database.connectionString) return createInProcessFanout();
  return createPostgresFanout({
    connectionString: database.connectionString,
    db: database.db,
    log,
    loadMessage: (messageId) => findMessage(database.db, messageId),
  });
}

/** Everything the chat needs, built once per app; `close` stops the heartbeat and the LISTEN connection. */
export async function createChatServices(context: AppContext, mailer: Mailer) {
  const { db } = context.database;
  const fanout = await createFanout(context);
  const signer = createChatTokenSigner(resolveAuthSecret(context.config));
  const now = () => context.clock.now();
  const chat = createChatService({ db, fanout, signer, now });
  const inbox = createSupportInboxService({ db, fanout, now });
  const hub = createChatHub(fanout, context.config.chat.heartbeatMs);
  const unreadReplies = createUnreadReplyMailer({ db, mailer, publicUrl: context.config.publicUrl, now });
  return {
    now,
    chat,
    inbox,
    hub,
    unreadReplies,
    async close() {
      hub.close();
      await hub.drain();
      await fanout.close();
    },
  };
}

export type ChatServices = Awaited<ReturnType<typeof createChatServices>>;
