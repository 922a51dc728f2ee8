/**
 * `npm run bench -- api-token-auth` (issue 19, decision 056): what resolving `Bearer sg_…` costs a request
 * next to a person's session, through the real app (`app.inject`, no network; PGlite, or PostgreSQL with
 * TEST_DATABASE=postgres). Each request of the
 * token reads the token by its hash from the database (no cache, so a revocation holds at once); last use
 * is written at most once a minute. Prints the median and p99 of `GET /api/budgets` both ways, interleaved.
 */
import { performance } from 'node:perf_hooks';
import { callWithToken, createApiToken } from '../src/server/testing/api-token-fixtures.ts';
import { callAs, signUpVerified } from '../src/server/testing/organization-fixtures.ts';
import { createTestApp } from '../src/server/testing/test-app.ts';

const REQUESTS = Number(process.argv[2] ?? 1000);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const server = await createTestApp({
  env: { API_RATE_LIMIT_PER_MINUTE: '1000000', API_TOKEN_RATE_LIMIT_PER_MINUTE: '1000000' },
});
try {
  const owner = await signUpVerified(server, 'bench-owner@tokens.test', 'Bench Owner');
  const { secret } = await createApiToken(server, owner, { name: 'bench', scopes: ['costs:read'] });
  const asSession = () => callAs(server, owner)('GET', '/api/budgets');
  const asToken = () => callWithToken(server, secret)('GET', '/api/budgets');
  for (let i = 0; i < 50; i += 1) await Promise.all([asSession(), asToken()]);

  const timings = { session: [] as number[], token: [] as number[] };
  for (let i = 0; i < REQUESTS; i += 1) {
    for (const [kind, call] of [
      ['session', asSession],
      ['token', asToken],
    ] as const) {
      const started = performance.now();
      const response = await call();
      timings[kind].push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${kind}: ${response.statusCode} ${response.body}`);
    }
  }
  console.log(`GET /api/budgets, ${REQUESTS} requests each, ${server.context.database.kind}, app.inject:`);
  for (const [kind, values] of Object.entries(timings)) {
    const sorted = values.sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(8)} median ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms`,
    );
  }
} finally {
  await server.close();
}
