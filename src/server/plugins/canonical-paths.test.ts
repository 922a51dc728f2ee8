import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../testing/raw-http.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let server: TestApp;
let baseUrl: string;

beforeAll(async () => {
  server = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
  baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

describe('a request target spelt differently from the path it reaches', () => {
  it('is refused with 400 naming the path, so the API limit (decided on the raw URL) cannot be skipped', async () => {
    for (let call = 0; call < 3; call++) {
      expect((await rawRequest(baseUrl, { target: '/api/users/me' })).status).toBe(401);
    }
    expect((await rawRequest(baseUrl, { target: '/api/users/me' })).status).toBe(429);
    for (const target of ['/%61pi/users/me', '/api/users/%6De']) {
      const answer = await rawRequest(baseUrl, { target });
      expect({ target, status: answer.status }).toEqual({ target, status: 400 });
      expect(answer.json()).toEqual({ Code: 'BadRequest', Message: expect.stringMatching(/^path: /) });
    }
  });

  it('is refused for dot segments anywhere, whether or not a route would match', async () => {
    for (const target of [
      '/api/x/%2e%2e/users/me',
      '/./api/users/me',
      '/api/teams/%2E',
      '/sign-in/%2e%2e/x',
    ]) {
      const answer = await rawRequest(baseUrl, { target });
      expect({ target, status: answer.status }).toEqual({ target, status: 400 });
    }
  });
});
