import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerifiedPerson } from './testing/accounts-fixtures.ts';
import { apiRoutes, fillPath, startRouteProbeApp } from './testing/api-routes.ts';
import { type RawAnswer, rawRequest } from './testing/raw-http.ts';
import type { TestApp } from './testing/test-app.ts';

/**
 * Every route the app registers (read from Fastify's route table, not listed by hand) gets NUL,
 * over-long, wrongly typed and dot-segment inputs: none may answer 5xx, and every 4xx is {Code, Message}.
 */
let server: TestApp;
let baseUrl: string;
let token: string;

beforeAll(async () => {
  ({ server, baseUrl } = await startRouteProbeApp());
  ({ token } = await signUpVerifiedPerson(server, { email: 'prober@example.com' }));
  await server.app.inject({ method: 'POST', url: '/api/billing/trial', headers: bearer(token) });
});
afterAll(() => server.close());

const LONG = 'x'.repeat(20_000);
const NUL = '%00';

interface Probe {
  name: string;
  target: string;
  body?: unknown;
}

function probesFor(url: string): Probe[] {
  const plain = fillPath(url, 'probe');
  const dotted = plain.replace(/^\/api\//, '/api/%2e%2e/');
  return [
    { name: 'NUL in every path parameter', target: fillPath(url, `a${NUL}b`) },
    {
      name: 'NUL in query values',
      target: `${plain}?user_id=${NUL}&integration=${NUL}&status=${NUL}&token=${NUL}`,
    },
    { name: 'NUL in body strings', target: plain, body: bodyOf(`a\u0000b`) },
    { name: 'over-long path parameters', target: fillPath(url, LONG.slice(0, 4_000)) },
    {
      name: 'over-long query values',
      // The request line stays under Node's 16 KiB header limit, which Node answers before the app runs.
      target: `${plain}?user_id=${LONG.slice(0, 4_000)}&start_date=${LONG.slice(0, 4_000)}`,
    },
    { name: 'over-long body strings', target: plain, body: bodyOf(LONG) },
    { name: 'wrongly typed body fields', target: plain, body: bodyOf(12345) },
    { name: 'a body of the wrong shape', target: plain, body: [null, 1, 'two'] },
    { name: 'wrongly typed query values', target: `${plain}?user_id[]=1&start_date=yesterday&limit=-1e999` },
    { name: 'a dot segment', target: dotted },
  ];
}

/** Values under the field names our contracts and better-auth use, so validation reads them. */
function bodyOf(value: unknown) {
  const fields = ['name', 'email', 'password', 'newPassword', 'fullname', 'message', 'user_id', 'role'];
  const more = ['default_timezone', 'code', 'token', 'amount', 'plan', 'team_id', 'integration', 'url'];
  return Object.fromEntries([...fields, ...more].map((field) => [field, value]));
}

/** A feature the operator left off (payments without Stripe keys, Slack without OAuth) answers 503 on purpose. */
const switchedOff = (answer: RawAnswer) =>
  answer.status === 503 &&
  /"Code":"(PaymentsNotConfigured|SlackOAuthOff|SlackInteractivityOff)"/.test(answer.text);

function problemWith(answer: RawAnswer): string | undefined {
  if (answer.status >= 500 && !switchedOff(answer))
    return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status < 400) return undefined;
  let body: Record<string, unknown>;
  try {
    body = answer.json();
  } catch {
    return `answered ${answer.status} without JSON: ${answer.text.slice(0, 200)}`;
  }
  if (typeof body.Code !== 'string' || typeof body.Message !== 'string' || body.Message === '') {
    return `answered ${answer.status} without {Code, Message}: ${answer.text.slice(0, 200)}`;
  }
  return undefined;
}

describe('every registered API route', () => {
  it('is read from the route table', () => {
    const routes = apiRoutes(server);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/auth/*' });
  });

  it('answers bad input with a 4xx {Code, Message}, never a 5xx', async () => {
    const problems: string[] = [];
    for (const route of apiRoutes(server)) {
      for (const probe of probesFor(route.url)) {
        const sendsBody = !['GET', 'HEAD'].includes(route.method);
        const problem = await rawRequest(baseUrl, {
          method: route.method,
          target: probe.target,
          headers: bearer(token),
          ...(sendsBody ? { body: probe.body ?? {} } : {}),
        }).then(problemWith, (error: Error) => `failed: ${error.message}`);
        if (problem) problems.push(`${route.method} ${route.url} with ${probe.name}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    // The probes ran signed in to the end (none of them deleted or signed out the prober).
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
  });
});
