import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
  /** The receiver's own check of `Spendguard-Signature` (null when no secret was given for the path). */
  signatureVerified: boolean | null;
  /** What the receiver answered. */
  status: number;
}

/**
 * How a receiver checks a signature, written from docs/webhooks.md with node:crypto alone (never the
 * product's code): HMAC-SHA256 of `<t>.<raw body>` under the secret, compared in constant time with
 * each `v1=` of the header, and a timestamp no older than five minutes.
 */
export function verifySpendguardSignature(header: string | undefined, raw: string, secret: string): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('=') as [string, string]);
  const timestamp = parts.find(([key]) => key === 't')?.[1];
  if (!timestamp || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest();
  return parts
    .filter(([key]) => key === 'v1')
    .some(([, hex]) => {
      const given = Buffer.from(hex ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

type Behaviour = { kind: 'status'; status: number } | { kind: 'silent' } | { kind: 'dribble' };

/**
 * A real local HTTP server standing in for a customer's webhook receiver or a Teams Workflows URL
 * (tests, and the e2e global setup, which keeps each request as a .json file in `postsDir`). Each path
 * can be given the secret its deliveries are signed with (`trustSecret`, or from another process a POST of
 * `{path, secret}` to `/_trust`); `answerNext` scripts answers (500s, 410), a
 * silent receiver never answers, a dribbling one sends headers and then a byte a second.
 */
export async function startWebhookReceiver(options: { postsDir?: string } = {}) {
  const received: ReceivedWebhook[] = [];
  const secrets = new Map<string, string>();
  const script: Behaviour[] = [];
  const waiters: Array<() => void> = [];
  const open = new Set<http.ServerResponse>();
  if (options.postsDir) fs.mkdirSync(options.postsDir, { recursive: true });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const urlPath = request.url ?? '/';
      // The e2e spec, in another process, hands over the secret it copied from the screen.
      if (urlPath === '/_trust') {
        const { path: trusted, secret } = JSON.parse(raw) as { path: string; secret: string };
        secrets.set(trusted, secret);
        response.writeHead(204).end();
        return;
      }
      const secret = secrets.get(urlPath);
      const header = request.headers['spendguard-signature'];
      const behaviour = script.shift() ?? { kind: 'status', status: urlPath.includes('teams') ? 202 : 200 };
      const status = behaviour.kind === 'status' ? behaviour.status : 0;
      const entry: ReceivedWebhook = {
        path: urlPath,
        headers: request.headers,
        raw,
        body: raw ? JSON.parse(raw) : {},
        signatureVerified: secret
          ? verifySpendguardSignature(header as string | undefined, raw, secret)
          : null,
        status,
      };
      received.push(entry);
      if (options.postsDir) {
        fs.writeFileSync(
          path.join(options.postsDir, `${Date.now()}-${received.length}.json`),
          JSON.stringify(entry),
        );
      }
      for (const wake of waiters.splice(0)) wake();
      if (behaviour.kind === 'silent') {
        open.add(response);
        return;
      }
      if (behaviour.kind === 'dribble') {
        open.add(response);
        response.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => response.write('.'), 1000);
        response.on('close', () => clearInterval(timer));
        return;
      }
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status < 300 ? 'ok' : `answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: (urlPath: string) => `http://127.0.0.1:${port}${urlPath}`,
    received,
    /** The secret deliveries to this path are signed with, as the person copied it when it was shown. */
    trustSecret(urlPath: string, secret: string) {
      secrets.set(urlPath, secret);
    },
    answerNext(...statuses: number[]) {
      script.push(...statuses.map((status) => ({ kind: 'status', status }) as const));
    },
    staySilentNext() {
      script.push({ kind: 'silent' });
    },
    dribbleNext() {
      script.push({ kind: 'dribble' });
    },
    async waitFor(count: number, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} webhook requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
