import type { ApiTokenScope } from '../../domain/api-token-scopes.ts';
import { callAs, type Person } from './organization-fixtures.ts';
import type { TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Creates an API token as this person through the API; answers its id and its one-time secret. */
export async function createApiToken(
  server: TestApp,
  person: Person,
  token: { name: string; scopes: ApiTokenScope[]; expires_in_days?: number },
): Promise<{ id: string; secret: string }> {
  const response = await callAs(server, person)('POST', '/api/api-tokens', {
    expires_in_days: 30,
    ...token,
  });
  if (response.statusCode !== 201) throw new Error(`token refused: ${response.statusCode} ${response.body}`);
  const body = response.json() as { api_token: { id: string }; secret: string };
  return { id: body.api_token.id, secret: body.secret };
}

/** Calls the API as a script would with `Authorization: Bearer sg_…`. */
export function callWithToken(server: TestApp, secret: string) {
  return (method: Method, url: string, payload?: object) =>
    server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${secret}` } });
}
