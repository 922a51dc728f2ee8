import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, signUpVerifiedPerson } from '../testing/accounts-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * PostgreSQL stores no NUL in text. A name holding one answered 500; every request value is
 * now checked before a route runs, and a NUL is a 400 naming the field.
 */
let server: TestApp;
let token: string;

beforeAll(async () => {
  server = await createTestApp();
  ({ token } = await signUpVerifiedPerson(server, { email: 'nul@example.com' }));
});
afterAll(() => server.close());

it('answers 400 naming the field when a body value holds NUL, and stores nothing', async () => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers: bearer(token),
    payload: { kind: 'upload', name: 'Uploads\u0000' },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    Code: 'BadRequest',
    Message: 'name: must not contain a NUL character.',
  });
  const listed = await server.app.inject({ method: 'GET', url: '/api/integrations', headers: bearer(token) });
  expect(listed.json()).toEqual([]);
});

it('answers 400 for a NUL in the query', async () => {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/integrations?x=%00',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().Message).toBe('x: must not contain a NUL character.');
});
