import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** The attributes a queue is created with, as SQS names them (seconds, as strings on the wire). */
export interface QueueSettings {
  VisibilityTimeout: number;
  ReceiveMessageWaitTimeSeconds: number;
  MessageRetentionPeriod: number;
  DelaySeconds: number;
  MaximumMessageSize: number;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  VisibilityTimeout: 30,
  ReceiveMessageWaitTimeSeconds: 0,
  MessageRetentionPeriod: 345_600,
  DelaySeconds: 0,
  MaximumMessageSize: 262_144,
};

interface StoredMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  sentAt: number;
  /** Hidden from receivers until then (delay, or the visibility timeout of the last receive). */
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** Only the handle of the latest receive deletes the message, as in SQS. */
  receiptHandle?: string;
}

export interface ReceivedMessage {
  messageId: string;
  receiptHandle: string;
  body: string;
  md5OfBody: string;
  sentAt: number;
  receiveCount: number;
  firstReceivedAt: number;
}

export class SimulatedQueue {
  readonly arn: string;
  readonly createdAt: number;
  private messages: StoredMessage[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly region: string,
    readonly accountId: string,
    readonly name: string,
    readonly settings: QueueSettings,
    nowMs: number,
  ) {
    this.arn = `arn:aws:sqs:${region}:${accountId}:${name}`;
    this.createdAt = nowMs;
  }

  send(body: string, nowMs: number, delaySeconds = this.settings.DelaySeconds): StoredMessage {
    const message: StoredMessage = {
      messageId: randomUUID(),
      body,
      md5OfBody: createHash('md5').update(body, 'utf8').digest('hex'),
      sentAt: nowMs,
      visibleAt: nowMs + delaySeconds * 1000,
      receiveCount: 0,
    };
    this.messages.push(message);
    for (const listener of this.listeners) listener();
    return message;
  }

  /** Makes up to `max` visible messages invisible for `visibilitySeconds` and hands them out. */
  receive(max: number, visibilitySeconds: number, nowMs: number): ReceivedMessage[] {
    this.dropExpired(nowMs);
    const visible = this.messages.filter((message) => message.visibleAt <= nowMs).slice(0, max);
    return visible.map((message) => {
      message.receiveCount += 1;
      message.firstReceivedAt ??= nowMs;
      message.visibleAt = nowMs + visibilitySeconds * 1000;
      message.receiptHandle = `${Buffer.from(message.messageId).toString('base64url')}.${randomBytes(24).toString('base64url')}`;
      return {
        messageId: message.messageId,
        receiptHandle: message.receiptHandle,
        body: message.body,
        md5OfBody: message.md5OfBody,
        sentAt: message.sentAt,
        receiveCount: message.receiveCount,
        firstReceivedAt: message.firstReceivedAt,
      };
    });
  }

  /**
   * 'deleted' also for a handle whose message is already gone or was received again since (SQS
   * answers success and keeps the message in the second case); 'invalid' for a handle never issued here.
   */
  delete(receiptHandle: string): 'deleted' | 'invalid' {
    const [encodedId = ''] = receiptHandle.split('.');
    const messageId = Buffer.from(encodedId, 'base64url').toString('utf8');
    if (!/^[0-9a-f-]{36}$/.test(messageId)) return 'invalid';
    this.messages = this.messages.filter(
      (message) => !(message.messageId === messageId && message.receiptHandle === receiptHandle),
    );
    return 'deleted';
  }

  purge(): void {
    this.messages = [];
  }

  counts(nowMs: number): { visible: number; inFlight: number; delayed: number } {
    this.dropExpired(nowMs);
    let visible = 0;
    let inFlight = 0;
    let delayed = 0;
    for (const message of this.messages) {
      if (message.visibleAt <= nowMs) visible += 1;
      else if (message.receiveCount > 0) inFlight += 1;
      else delayed += 1;
    }
    return { visible, inFlight, delayed };
  }

  /** Calls `listener` whenever a message is sent; returns the function that stops it. */
  onSend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private dropExpired(nowMs: number) {
    const oldest = nowMs - this.settings.MessageRetentionPeriod * 1000;
    this.messages = this.messages.filter((message) => message.sentAt > oldest);
  }
}

/** Every queue of every simulated account, keyed by region, account and name (queues are regional). */
export class QueueStore {
  private readonly queues = new Map<string, SimulatedQueue>();
  private readonly pendingWaits = new Set<() => void>();
  private closed = false;

  find(region: string, accountId: string, name: string): SimulatedQueue | undefined {
    return this.queues.get(`${region}/${accountId}/${name}`);
  }

  /** The existing queue when the settings match, 'conflict' when they differ (QueueAlreadyExists). */
  create(
    region: string,
    accountId: string,
    name: string,
    settings: QueueSettings,
    nowMs: number,
  ): SimulatedQueue | 'conflict' {
    const existing = this.find(region, accountId, name);
    if (existing) {
      return JSON.stringify(existing.settings) === JSON.stringify(settings) ? existing : 'conflict';
    }
    const queue = new SimulatedQueue(region, accountId, name, settings, nowMs);
    this.queues.set(`${region}/${accountId}/${name}`, queue);
    return queue;
  }

  /**
   * Long polling: resolves when a message is sent to the queue, when `recheckMs` passes (a visibility
   * timeout may have ended on the simulator's clock), when `timeoutMs` passes, or when the store closes.
   */
  waitForMessage(queue: SimulatedQueue, timeoutMs: number): Promise<void> {
    if (this.closed || timeoutMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        stopListening();
        this.pendingWaits.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      const stopListening = queue.onSend(finish);
      this.pendingWaits.add(finish);
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Ends every long poll at once, so the HTTP server can close without waiting up to 20 s. */
  close(): void {
    this.closed = true;
    for (const finish of [...this.pendingWaits]) finish();
  }
}
