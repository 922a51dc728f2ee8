import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface SlackPost {
  /** 'webhook' for an incoming-webhook post, else the Web API method (chat.postMessage, oauth.v2.access). */
  kind: string;
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
}

/**
 * A real local HTTP server standing in for Slack (tests, and the e2e global setup, which keeps each post as
 * a .json file in `postsDir`): incoming webhooks (POST /services/...) and the Web
 * API (POST /api/<method>) as @slack/web-api calls it. `failNext(n)` answers the next n posts with 500.
 */
export async function startSlackReceiver(options: { postsDir?: string } = {}) {
  const posts: SlackPost[] = [];
  if (options.postsDir) fs.mkdirSync(options.postsDir, { recursive: true });
  let failures = 0;
  /** users.info answers these addresses (Slack user id → email) while the app has the scope to read them. */
  const users = new Map<string, string>();
  let usersScope = true;
  const waiters: Array<() => void> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const type = request.headers['content-type'] ?? '';
      let body: Record<string, unknown> = {};
      if (type.includes('json')) body = raw ? JSON.parse(raw) : {};
      else body = Object.fromEntries(new URLSearchParams(raw));
      for (const key of ['blocks', 'attachments']) {
        if (typeof body[key] === 'string') body[key] = JSON.parse(body[key] as string);
      }
      const urlPath = request.url ?? '/';
      const kind = urlPath.startsWith('/api/') ? urlPath.slice(5).split('?')[0]! : 'webhook';
      if (failures > 0) {
        failures -= 1;
        response.writeHead(500, { 'content-type': 'text/plain' }).end('server_error');
        return;
      }
      const post = { kind, path: urlPath, body, authorization: request.headers.authorization };
      posts.push(post);
      if (options.postsDir) {
        fs.writeFileSync(
          path.join(options.postsDir, `${Date.now()}-${posts.length}.json`),
          JSON.stringify(post),
        );
      }
      for (const wake of waiters.splice(0)) wake();
      if (kind === 'webhook') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      } else if (kind === 'oauth.v2.access' && body.code === 'used-code') {
        // Slack's answer to a code already exchanged, expired or made up.
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: false, error: 'invalid_code' }));
      } else if (kind === 'oauth.v2.access') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            ok: true,
            access_token: 'xoxb-test-token',
            team: { id: 'T1', name: 'Acme Slack' },
            incoming_webhook: { channel: '#cost-alerts', channel_id: 'C123' },
          }),
        );
      } else if (kind === 'users.info') {
        const email = users.get(String(body.user));
        const answer = usersScope
          ? {
              ok: true,
              user: {
                id: body.user,
                real_name: 'Slack person',
                is_email_confirmed: true,
                profile: email ? { email } : {},
              },
            }
          : { ok: false, error: 'missing_scope', needed: 'users:read.email' };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      } else {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: true, channel: body.channel, ts: `${Date.now() / 1000}` }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    webhookUrl: `http://127.0.0.1:${port}/services/T000/B000/secret-part`,
    apiUrl: `http://127.0.0.1:${port}/api/`,
    posts,
    failNext(count: number) {
      failures = count;
    },
    users,
    /** Off: users.info answers missing_scope, as for an app added before it asked for users:read.email. */
    grantUsersScope(granted: boolean) {
      usersScope = granted;
    },
    async waitForPosts(count: number, timeoutMs = 10_000): Promise<SlackPost[]> {
      const deadline = Date.now() + timeoutMs;
      while (posts.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} Slack posts, got ${posts.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return posts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SlackReceiver = Awaited<ReturnType<typeof startSlackReceiver>>;
