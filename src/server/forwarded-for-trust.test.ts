import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { STRONG_PASSWORD, signUpVerifiedPerson } from './testing/accounts-fixtures.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

const limits = { API_RATE_LIMIT_PER_MINUTE: '3', AUTH_RATE_LIMIT_PER_IP: '2' };
const forwardedFor = (address: string) => ({ 'x-forwarded-for': address });

describe('without TRUST_PROXY (the default)', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ env: limits });
  });
  afterAll(() => server.close());

  it('counts the API limit per connecting address, whatever X-Forwarded-For says', async () => {
    const statuses = [];
    for (let call = 0; call < 4; call++) {
      const answer = await server.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: forwardedFor(`203.0.113.${call}`),
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts sign-in attempts per connecting address, whatever X-Forwarded-For says', async () => {
    const statuses = [];
    for (let call = 0; call < 3; call++) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { ...forwardedFor(`198.51.100.${call}`) },
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the address a session records, without TRUST_PROXY', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp();
  });
  afterAll(() => server.close());

  it('is the connecting address, whatever X-Forwarded-For says', async () => {
    const { userId } = await signUpVerifiedPerson(server, { email: 'where@example.com' });
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: forwardedFor('1.2.3.4'),
      payload: { email: 'where@example.com', password: STRONG_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const sessions = await server.context.database.db
      .selectFrom('session')
      .select('ipAddress')
      .where('userId', '=', userId)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((session) => session.ipAddress)).not.toContain('1.2.3.4');
    expect(sessions.at(-1)?.ipAddress).toBe('127.0.0.1');
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ env: { ...limits, TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => server.close());

  it('counts each client the proxy forwards for, and only the address the proxy itself added', async () => {
    const call = (header: string) =>
      server.app.inject({ method: 'GET', url: '/api/users/me', headers: forwardedFor(header) });
    for (let n = 0; n < 3; n++) expect((await call('203.0.113.7')).statusCode).toBe(401);
    expect((await call('203.0.113.7')).statusCode).toBe(429);
    // A client's own X-Forwarded-For is kept by the proxy in front of its address: still 203.0.113.7.
    expect((await call('10.9.9.9, 203.0.113.7')).statusCode).toBe(429);
    expect((await call('203.0.113.8')).statusCode).toBe(401);
  });
});

describe('the TRUST_PROXY setting', () => {
  const trustProxyOf = (value: string | undefined) => parseConfig({ TRUST_PROXY: value }).trustProxy;
  it('is off unless set', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('off')).toBe(false);
  });
  it('takes a hop count or proxy addresses and subnets', () => {
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.10,::1, fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'fd00::/8',
    ]);
  });
  it.each(['true', 'on', '*', '10.0.0.0/33', 'proxy.internal'])('refuses %s', (value) => {
    expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY/);
  });
});
