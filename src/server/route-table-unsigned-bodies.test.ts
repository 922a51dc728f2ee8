import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, fillPath, startRouteProbeApp } from './testing/api-routes.ts';
import type { TestApp } from './testing/test-app.ts';

/**
 * Every route the app registers gets, without credentials, bodies that cost far more to walk than to
 * send: each answers a 4xx in bounded time, and /api/health answers meanwhile (decision 077).
 */
let server: TestApp;
let baseUrl: string;

beforeAll(async () => {
  ({ server, baseUrl } = await startRouteProbeApp());
});
afterAll(() => server.close());

/** 200 KB of YAML whose one anchored list of 100,000 values is referred to 99 times. */
const YAML_ALIAS_BOMB = `a: &a [${Array(100_000).fill('0').join(',')}]\nx: [${Array(99).fill('*a').join(', ')}]\n`;
/** Just under the 1 MiB body limit: 60,000 small objects. */
const LARGE_JSON = JSON.stringify({ items: Array.from({ length: 60_000 }, (_, i) => ({ n: i, s: 'ab' })) });
const DEEP_JSON = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

const BODIES = [
  { name: 'a YAML alias bomb', type: 'application/yaml', text: YAML_ALIAS_BOMB },
  { name: 'a large JSON body', type: 'application/json', text: LARGE_JSON },
  { name: '10,000 nested JSON arrays', type: 'application/json', text: DEEP_JSON },
];

/** Generous: the machine is shared and noisy; a body walked as if each alias were a copy took 7 s. */
const ANSWER_BOUND_MS = 3_000;
const HEALTH_BOUND_MS = 1_500;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function send(method: string, url: string, body: (typeof BODIES)[number]) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'content-type': body.type },
    body: method === 'GET' ? undefined : body.text,
  });
  return { status: response.status, text: await response.text() };
}

/** A 4xx, or the 503 of a feature the operator left off (payments without Stripe keys) on purpose. */
const refused = (answer: { status: number; text: string }) =>
  (answer.status >= 400 && answer.status < 500) ||
  (answer.status === 503 && /"Code":"(PaymentsNotConfigured|SlackOAuthOff)"/.test(answer.text));

/** Asks /api/health one request after another until `until` settles; the slowest answer's time. */
async function slowestHealthWhile(until: Promise<unknown>): Promise<number> {
  let settled = false;
  void until.finally(() => {
    settled = true;
  });
  let slowest = 0;
  while (!settled) {
    const { ms } = await timed(() => fetch(`${baseUrl}/api/health`).then((answer) => answer.text()));
    slowest = Math.max(slowest, ms);
  }
  return slowest;
}

describe('every registered API route, without credentials', () => {
  it('refuses amplifying and over-deep bodies with a 4xx in bounded time while health stays responsive', async () => {
    const problems: string[] = [];
    let slowestAnswer = 0;
    let slowestHealth = 0;
    const routes = apiRoutes(server).filter((route) => route.method !== 'GET');
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      for (const body of BODIES) {
        const answer = timed(() => send(route.method, fillPath(route.url, 'probe'), body));
        const health = await slowestHealthWhile(answer);
        const { value, ms } = await answer;
        slowestAnswer = Math.max(slowestAnswer, ms);
        slowestHealth = Math.max(slowestHealth, health);
        const where = `${route.method} ${route.url} with ${body.name}`;
        if (!refused(value)) problems.push(`${where}: answered ${value.status}: ${value.text.slice(0, 200)}`);
        if (ms > ANSWER_BOUND_MS) problems.push(`${where}: answered after ${Math.round(ms)} ms`);
        if (health > HEALTH_BOUND_MS) problems.push(`${where}: health waited ${Math.round(health)} ms`);
      }
    }
    console.info(
      `slowest answer ${Math.round(slowestAnswer)} ms, slowest health meanwhile ${Math.round(slowestHealth)} ms`,
    );
    expect(problems).toEqual([]);
  });
});
