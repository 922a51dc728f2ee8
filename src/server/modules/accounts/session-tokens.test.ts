import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, STRONG_PASSWORD, signUpPerson } from '../../testing/accounts-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let server: TestApp;

beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

const me = (token: string) =>
  server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

const storedSession = (token: string) =>
  server.context.database.db
    .selectFrom('session')
    .select(['token', 'createdAt', 'expiresAt'])
    .where('token', '=', token.split('.')[0] ?? '')
    .executeTakeFirstOrThrow();

describe('a demo session', () => {
  it('is stored to expire one hour after it starts, and using it does not extend it', async () => {
    const token = (await server.app.inject({ method: 'POST', url: '/api/demo-session' })).json().token;
    for (let call = 0; call < 3; call++) expect((await me(token)).statusCode).toBe(200);
    const session = await storedSession(token);
    const lifetimeMs = new Date(session.expiresAt).getTime() - new Date(session.createdAt).getTime();
    expect(lifetimeMs).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(lifetimeMs).toBeGreaterThan(59 * 60 * 1000);
  });
});

describe('a bearer token', () => {
  it('works only with its signature: the token as stored in the session table is refused', async () => {
    const person = await signUpPerson(server, { email: 'signed@example.com' });
    expect(person.token).toMatch(/^[^.]+\.[A-Za-z0-9+/=]+$/);
    expect((await me(person.token)).statusCode).toBe(200);
    const stored = (await storedSession(person.token)).token;
    expect((await me(stored)).statusCode).toBe(401);
    expect((await me(`${stored}.forged`)).statusCode).toBe(401);
  });

  it('is answered signed by sign-in, change of password and the demo', async () => {
    await signUpPerson(server, { email: 'again@example.com' });
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'again@example.com', password: STRONG_PASSWORD },
    });
    const signedIn = signIn.json().token;
    expect((await me(signedIn)).statusCode).toBe(200);
    const changed = await server.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(signedIn),
      payload: {
        currentPassword: STRONG_PASSWORD,
        newPassword: 'Another-Horse-43',
        revokeOtherSessions: true,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(changed.json().token)).statusCode).toBe(200);
    const demo = (await server.app.inject({ method: 'POST', url: '/api/demo-session' })).json().token;
    expect((await me(demo.split('.')[0])).statusCode).toBe(401);
    expect((await me(demo)).statusCode).toBe(200);
  });
});
