import WebSocket from 'ws';

export interface ChatTestSocket {
  socket: WebSocket;
  /** Every frame received so far, parsed. */
  frames: unknown[];
  send(frame: unknown): void;
  /** The next frame (after those already read) that matches, waiting up to the timeout. */
  nextFrame(matches?: (frame: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  /** Any frame received so far or later that matches, in whatever order frames arrived. */
  waitFor(matches: (frame: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
  close(): Promise<void>;
}

/** A real WebSocket client on the chat endpoint of a listening app. */
export function openChatSocket(
  baseUrl: string,
  query: Record<string, string>,
  options: { autoPong?: boolean } = {},
): Promise<ChatTestSocket> {
  const url = new URL('/api/chat', baseUrl.replace(/^http/, 'ws'));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const socket = new WebSocket(url, { autoPong: options.autoPong ?? true });
  const frames: unknown[] = [];
  let read = 0;
  const wakers = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()));
    for (const wake of wakers) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

  const client: ChatTestSocket = {
    socket,
    frames,
    closed,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    async nextFrame(matches = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (read < frames.length) {
          const frame = frames[read++];
          if (matches(frame)) return frame;
        }
        if (Date.now() > deadline)
          throw new Error(`no matching frame within ${timeoutMs} ms: ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          wakers.add(resolve);
          setTimeout(resolve, 100);
        }).finally(() => wakers.clear());
      }
    },
    async waitFor(matches, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find(matches);
        if (found !== undefined) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching frame within ${timeoutMs} ms: ${JSON.stringify(frames)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        reject(new ChatSocketRefused(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))),
      );
    });
    socket.once('error', reject);
  });
}

/** The server answered the upgrade with an HTTP error instead of opening the socket. */
export class ChatSocketRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`chat socket refused: ${status} ${body}`);
  }
}

export const isMessageFrame = (frame: unknown): frame is Array<Record<string, unknown>> =>
  Array.isArray(frame);
export const isErrorFrame = (frame: unknown): frame is { error: { code: string; message: string } } =>
  typeof frame === 'object' && frame !== null && 'error' in frame;
