import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LINK_KINDS } from '../contracts/alerts.ts';
import { CHAT_TOKEN_HEADER } from '../contracts/chat.ts';
import { SECRET_NAME } from '../domain/url-redaction.ts';
import { EVENTS_SECRET_HEADER } from './modules/launch-events/launch-events.service.ts';
import { createServerLog } from './plugins/request-log.ts';
import { apiRoutes } from './testing/api-routes.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

/**
 * Every operation that carries a secret, in its path, its query, a header or its body, sent with a secret
 * the test knows: the server's log (at its most talkative) must never hold one of them.
 */
let server: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  server = await createTestApp({
    logger: createServerLog('trace', { write: (line: string) => void logLines.push(line) }),
  });
});
afterAll(() => server.close());

const secret = (what: string) => `SECRET-${what}-7f3a9c`;

const operations: Array<{ name: string; request: InjectOptions }> = [
  { name: 'the outbox operator key', request: { url: `/api/outbox?key=${secret('outbox')}&to=a%40b.c` } },
  {
    name: 'the mailed password-reset link',
    request: { url: `/api/auth/reset-password/${secret('reset-link')}?callbackURL=%2Freset-password` },
  },
  {
    name: 'the new password with its reset token',
    request: {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: secret('reset-token'), newPassword: secret('new-password') },
    },
  },
  {
    name: 'the e-mail verification link',
    request: { url: `/api/auth/verify-email?token=${secret('verify')}&callbackURL=%2Fdashboard` },
  },
  ...ALERT_LINK_KINDS.map((kind) => ({
    name: `the ${kind} alert link`,
    request: {
      method: 'POST',
      url: `/api/alert-links/${kind}/${secret(kind)}`,
      payload: {},
    } as InjectOptions,
  })),
  {
    name: 'the one-click unsubscribe of a mail client',
    request: {
      method: 'POST',
      url: `/api/alert-links/unsubscribe/${secret('one-click')}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  },
  { name: 'the chat socket session token', request: { url: `/api/chat?token=${secret('chat-session')}` } },
  {
    name: 'the chat socket visitor token',
    request: { url: `/api/chat?chatToken=${secret('chat-visitor')}` },
  },
  {
    name: 'the chat visitor token header',
    request: {
      method: 'POST',
      url: '/api/chat-token',
      headers: { [CHAT_TOKEN_HEADER]: secret('chat-header') },
    },
  },
  { name: 'the invitation link code', request: { url: `/api/invitations/${secret('invitation')}` } },
  {
    name: 'accepting an invitation by code',
    request: { method: 'POST', url: '/api/invitations/accept', payload: { code: secret('invitation-body') } },
  },
  {
    name: 'the Slack OAuth callback',
    request: { url: `/api/slack/oauth/callback?code=${secret('slack-code')}&state=${secret('slack-state')}` },
  },
  {
    name: 'the launch-events secret of an EventBridge destination',
    request: {
      method: 'POST',
      url: '/api/aws-events/1',
      headers: { [EVENTS_SECRET_HEADER]: secret('events') },
      payload: {},
    },
  },
  {
    name: 'a bearer token',
    request: { url: '/api/users/me', headers: { authorization: `Bearer ${secret('bearer')}` } },
  },
  {
    name: 'signing in',
    request: {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'someone@example.com', password: secret('password') },
    },
  },
];

describe('the request log', () => {
  it('never holds a secret sent in a path, a query, a header or a body', async () => {
    for (const { request } of operations) await server.app.inject({ method: 'GET', ...request });
    const log = logLines.join('');
    // The requests were logged, with what is not secret kept.
    expect(log).toContain('/api/alert-links/unsubscribe/redacted');
    expect(log).toContain('/api/outbox?key=redacted&to=a%40b.c');
    const leaked = operations.filter(({ request }) =>
      JSON.stringify(request)
        .match(/SECRET-[\w-]+-7f3a9c/g)
        ?.some((value) => log.includes(value)),
    );
    expect(leaked.map(({ name }) => name)).toEqual([]);
  });

  it('never holds a path parameter named like a secret, on any route of the route table', async () => {
    const routes = apiRoutes(server).filter(({ url }) =>
      url.split('/').some((part) => part.startsWith(':') && SECRET_NAME.test(part)),
    );
    expect(routes.map(({ url }) => url)).toContain('/api/invitations/:code');
    for (const { method, url } of routes) {
      const target = url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
        SECRET_NAME.test(name) ? secret(`route-${name}`) : 'probe',
      );
      await server.app.inject({ method: method as InjectOptions['method'], url: target });
    }
    expect(logLines.join('')).not.toMatch(/SECRET-route-/);
  });
});

describe("the request log's request ids", () => {
  it('are our own, not what a client sends as X-Request-Id (no proxy is trusted here)', async () => {
    await server.app.inject({ url: '/api/health', headers: { 'x-request-id': 'client-chosen-id-4d2e' } });
    const log = logLines.join('');
    expect(log).toContain('/api/health');
    expect(log).not.toContain('client-chosen-id-4d2e');
  });
});
