import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerifiedPerson } from './testing/accounts-fixtures.ts';
import { rawRequest } from './testing/raw-http.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { uploadsAs } from './testing/upload-fixtures.ts';

let server: TestApp;
let baseUrl: string;
let token: string;
let integrationId: string;

beforeAll(async () => {
  server = await createTestApp({ env: { CHAT_CONNECT_RATE_LIMIT_PER_IP: '2' } });
  baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ token } = await signUpVerifiedPerson(server, { email: 'owner@example.com' }));
  await server.app.inject({ method: 'POST', url: '/api/billing/trial', headers: bearer(token) });
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers: bearer(token),
    payload: { kind: 'upload', name: 'Files' },
  });
  integrationId = created.json().id;
});
afterAll(() => server.close());

const errorBody = (field: string) => ({
  Code: 'BadRequest',
  Message: expect.stringMatching(new RegExp(`^${field}: `)),
});

describe('a NUL character', () => {
  it('in a path parameter, a query value or a body string is a 400 naming the field', async () => {
    const inPath = await rawRequest(baseUrl, { target: '/api/integrations/a%00b', headers: bearer(token) });
    expect(inPath.status).toBe(400);
    expect(inPath.json()).toEqual(errorBody('id'));
    const inQuery = await rawRequest(baseUrl, {
      target: '/api/messages?user_id=%00',
      headers: bearer(token),
    });
    expect(inQuery.status).toBe(400);
    expect(inQuery.json()).toEqual(errorBody('user_id'));
    const inBody = await server.app.inject({
      method: 'PATCH',
      url: '/api/users',
      headers: bearer(token),
      payload: { view_customs: { tag: { tag_name: 'team', tag_values: [{ value: 'a\u0000' }] } } },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toEqual(errorBody('view_customs.tag.tag_values.0.value'));
    const signUp = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Nul\u0000Person', email: 'nul@example.com', password: 'Correct-Horse-42' },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toEqual(errorBody('name'));
  });

  it('in an uploaded file name is a 400 naming the file', async () => {
    const answer = await uploadsAs(server, token).uploadFile(
      integrationId,
      'cur\u0000.csv',
      Buffer.from('a,b\n1,2\n'),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(errorBody('file'));
  });
});

describe('an upload whose file name is over 255 bytes', () => {
  it('is a 400 naming the file, not a failed write to disk', async () => {
    const answer = await uploadsAs(server, token).uploadFile(
      integrationId,
      `${'é'.repeat(130)}.csv`,
      Buffer.from('a,b\n1,2\n'),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(errorBody('file'));
  });
});

describe('a rate limit', () => {
  it('answers 429 {Code, Message} on a route with its own response schema (chat-token)', async () => {
    const statuses = [];
    for (let call = 0; call < 3; call++) {
      statuses.push((await server.app.inject({ method: 'GET', url: '/api/chat-token' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await server.app.inject({ method: 'GET', url: '/api/chat-token' });
    expect(refused.json()).toEqual({ Code: 'TooManyRequests', Message: expect.stringMatching(/Try again/) });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('answers 429 {Code, Message} on the demo session', async () => {
    let refused: Awaited<ReturnType<typeof server.app.inject>> | undefined;
    for (let call = 0; call < 21 && !refused; call++) {
      const answer = await server.app.inject({ method: 'POST', url: '/api/demo-session' });
      if (answer.statusCode !== 200) refused = answer;
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json()).toEqual({ Code: 'TooManyRequests', Message: expect.stringMatching(/Try again/) });
  });
});
