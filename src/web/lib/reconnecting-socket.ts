import { reconnectDelayMs } from './reconnect-delay.ts';

export type SocketPhase = 'connecting' | 'open' | 'closed';

export interface ReconnectingSocketHandlers {
  onPhase(phase: SocketPhase): void;
  onOpen(): void;
  onFrame(frame: unknown): void;
  /** The server closed on purpose with a code of ours (4000-4999); the socket still reconnects. */
  onServerClose?(code: number): void;
}

/**
 * A WebSocket that reconnects with backoff until `close()` is called. The URL is asked for on each
 * attempt, so a credential (a visitor's chat token) can be renewed in between.
 */
export class ReconnectingSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private wanted = false;

  constructor(
    private readonly urlFor: () => Promise<string>,
    private readonly handlers: ReconnectingSocketHandlers,
  ) {}

  /** The browser's readyState of the current socket; 3 (CLOSED) when there is none. */
  get readyState(): number {
    return this.socket?.readyState ?? WebSocket.CLOSED;
  }

  open(): void {
    this.wanted = true;
    if (this.socket && this.socket.readyState !== WebSocket.CLOSED) return;
    clearTimeout(this.timer);
    void this.connect();
  }

  close(): void {
    this.wanted = false;
    clearTimeout(this.timer);
    this.socket?.close(1000, 'closed by the page');
    this.socket = null;
    this.handlers.onPhase('closed');
  }

  send(frame: unknown): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private async connect(): Promise<void> {
    this.handlers.onPhase('connecting');
    let url: string;
    try {
      url = await this.urlFor();
    } catch {
      this.retry();
      return;
    }
    if (!this.wanted) return;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.handlers.onPhase('open');
      this.handlers.onOpen();
    };
    socket.onmessage = (event) => {
      try {
        this.handlers.onFrame(JSON.parse(String(event.data)));
      } catch {
        // A frame that is not JSON is not ours to show.
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code >= 4000 && event.code < 5000) this.handlers.onServerClose?.(event.code);
      this.retry();
    };
  }

  private retry(): void {
    if (!this.wanted) return;
    this.handlers.onPhase('connecting');
    this.timer = setTimeout(() => void this.connect(), reconnectDelayMs(this.attempt++));
  }
}

/** ws:// or wss:// to the chat endpoint of the server that served the page. */
export function chatSocketUrl(query: Record<string, string>): string {
  const url = new URL('/api/chat', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
