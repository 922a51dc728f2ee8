import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { type ChatErrorFrame, type ClientChatFrame, clientChatFrame } from '../../../contracts/chat.ts';
import { FixedWindowLimiter } from '../../auth/fixed-window-limiter.ts';
import type { Viewer } from '../../auth/viewer.ts';
import { ApiError } from '../../plugins/errors.ts';
import type { ChatService } from './chat.service.ts';
import type { ChatConnection, ChatHub } from './chat-hub.ts';
import { sendFrame } from './chat-hub.ts';
import { rateLimited } from './chat-message-checks.ts';
import { type ChatParty, ownerKey, ownerOf } from './chat-party.ts';
import { hashChatToken } from './chat-token-signer.ts';
import type { SupportInboxService } from './support-inbox.service.ts';

/** Who opened the socket: a person (or visitor) in their own conversation, or support staff. */
export type SocketParty = { kind: 'person'; party: ChatParty } | { kind: 'support'; agent: Viewer };

/** Frames per connection: enough to type fast, not enough to flood. */
const FRAMES_PER_WINDOW = 10;
const FRAME_WINDOW_MS = 10_000;
/** Close code for a visitor token that expired while connected: the client asks for a new one. */
export const CHAT_TOKEN_EXPIRED_CLOSE = 4001;

interface SessionDependencies {
  chat: ChatService;
  inbox: SupportInboxService;
  hub: ChatHub;
  log: FastifyBaseLogger;
  /** The injected clock (decision 078): when a visitor's chat token ends. */
  now: () => Date;
}

const errorFrame = (code: string, message: string, retryAfterSeconds?: number) =>
  JSON.stringify({ error: { code, message, retryAfterSeconds } } satisfies ChatErrorFrame);

function parseFrame(data: RawData, isBinary: boolean): ClientChatFrame {
  if (isBinary) throw new ApiError(400, 'MalformedFrame', 'Send text frames holding JSON.');
  let json: unknown;
  try {
    json = JSON.parse(data.toString());
  } catch {
    throw new ApiError(400, 'MalformedFrame', 'A frame must be JSON, such as {"message":"Hello"}.');
  }
  const parsed = clientChatFrame.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(400, 'MalformedFrame', 'A frame is {"message": text} or {"chatToken": token}.');
  }
  return parsed.data;
}

/** Serves one socket until it closes: frames are handled one after another, in the order sent. */
export function runChatSocketSession(socket: WebSocket, who: SocketParty, deps: SessionDependencies): void {
  const connection: ChatConnection = {
    socket,
    ownerKey: who.kind === 'person' ? ownerKey(ownerOf(who.party)) : null,
    alive: true,
  };
  const limiter = new FixedWindowLimiter(FRAMES_PER_WINDOW, FRAME_WINDOW_MS);
  let pending = Promise.resolve();

  const handle = async (data: RawData, isBinary: boolean) => {
    const frame = parseFrame(data, isBinary);
    if ('chatToken' in frame) {
      if (
        who.kind !== 'person' ||
        who.party.kind !== 'visitor' ||
        hashChatToken(frame.chatToken) !== who.party.tokenHash
      ) {
        throw new ApiError(403, 'WrongChatToken', 'This connection was opened with another chat token.');
      }
      sendFrame(connection, JSON.stringify(await deps.chat.history(who.party)));
      return;
    }
    if (who.kind === 'person') {
      await deps.chat.send(who.party, frame.message);
      return;
    }
    if (!frame.conversationId)
      throw new ApiError(400, 'MalformedFrame', 'A support reply names its conversationId.');
    await deps.inbox.reply(who.agent, frame.conversationId, frame.message);
  };

  const answerFailure = (error: unknown) => {
    if (error instanceof ApiError) {
      const retryAfter = error.headers['retry-after'];
      sendFrame(
        connection,
        errorFrame(error.code, error.message, retryAfter ? Number(retryAfter) : undefined),
      );
      return;
    }
    deps.log.error({ err: error }, 'chat frame failed');
    sendFrame(connection, errorFrame('InternalError', 'The message could not be handled. Try again.'));
  };

  socket.on('message', (data, isBinary) => {
    // The limit is judged as a frame arrives: a frame beyond it is answered and dropped, never queued
    // behind a slow one, so a connection holds at most a window's frames in memory.
    const limit = limiter.hit('frames');
    if (!limit.allowed) {
      answerFailure(rateLimited(limit.retryAfterSeconds));
      return;
    }
    pending = pending.then(() => handle(data, isBinary)).catch(answerFailure);
    deps.hub.track(pending);
  });

  const expiry =
    who.kind === 'person' && who.party.kind === 'visitor'
      ? setTimeout(
          () => socket.close(CHAT_TOKEN_EXPIRED_CLOSE, 'chat token expired'),
          Math.max(0, who.party.expiresAt.getTime() - deps.now().getTime()),
        )
      : undefined;
  socket.on('close', () => {
    if (expiry) clearTimeout(expiry);
    deps.hub.remove(connection);
  });
  socket.on('error', (error) => deps.log.debug({ err: error }, 'chat socket error'));
  deps.hub.add(connection);
}
