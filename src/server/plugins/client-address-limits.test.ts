import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** The API-wide and auth limits count an IPv6 caller by its /64, not by each of its addresses. */
let server: TestApp;

beforeAll(async () => {
  server = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '5', AUTH_RATE_LIMIT_PER_IP: '3' } });
});
afterAll(() => server.close());

const me = (remoteAddress: string) =>
  server.app.inject({ method: 'GET', url: '/api/users/me', remoteAddress });
const signIn = (remoteAddress: string, n: number) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    payload: { email: `guess${n}@example.com`, password: 'Guess-number-1' },
  });

describe('per-address limits', () => {
  it('count every address of one IPv6 /64 together, and another /64 apart', async () => {
    for (let host = 1; host <= 5; host++)
      expect((await me(`2001:db8:1:2::${host.toString(16)}`)).statusCode).toBe(401);
    const limited = await me('2001:db8:1:2:ffff::9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().Code).toBe('TooManyRequests');
    expect((await me('2001:db8:1:3::1')).statusCode).toBe(401);
    expect((await me('::ffff:198.51.100.1')).statusCode).toBe(401);
  });

  it('count sign-in attempts from one /64 together, whatever e-mail each names', async () => {
    for (let n = 1; n <= 3; n++) expect((await signIn(`2001:db8:9:9::${n}`, n)).statusCode).toBe(401);
    expect((await signIn('2001:db8:9:9::abcd', 4)).statusCode).toBe(429);
    expect((await signIn('2001:db8:9:a::1', 5)).statusCode).toBe(401);
  });
});
