/**
 * `npm run bench -- config-apply` (issue 19, decision 057): how long budgets as code takes at the
 * Business plan's limits — 100 budgets, 100 alert rules, 20 teams of 3 people — through the real app
 * on PGlite (`app.inject`, no network). Printed: the first apply (everything created), a plan and an
 * apply that find nothing to change, an apply that changes 10 budgets, and an export; medians of 5.
 */
import { performance } from 'node:perf_hooks';
import { bearer } from '../src/server/testing/accounts-fixtures.ts';
import { startOrganizationWorld } from '../src/server/testing/organization-world.ts';

const world = await startOrganizationWorld({ domain: 'bench.test', trials: ['owner'] });
const { server, owner, admin, member } = world;
const people = [owner.email, admin.email, member.email];

function documentWith(amountOf: (index: number) => number) {
  return {
    version: 1,
    teams: Array.from({ length: 20 }, (_, index) => ({
      slug: `team-${index}`,
      name: `Team ${index}`,
      members: people,
      scope: { account_ids: [String(100000000000 + index)], tags: [] },
    })),
    budgets: Array.from({ length: 100 }, (_, index) => ({
      name: `Budget ${index}`,
      amount_usd: amountOf(index),
      filter: { account_ids: [String(100000000000 + (index % 20))], services: [], tag: null },
    })),
    alert_rules: Array.from({ length: 100 }, (_, index) =>
      index % 2 === 0
        ? {
            name: `Daily ${index}`,
            kind: 'cost-threshold',
            settings: { mode: 'daily-amount', amount_usd: 50 + index },
          }
        : {
            name: `Launch ${index}`,
            kind: 'launch',
            settings: { team: `team-${index % 20}`, single_launch_usd_per_hour: 20 },
          },
    ),
  };
}

async function timed(method: 'GET' | 'POST', url: string, document?: unknown) {
  const start = performance.now();
  const response = await server.app.inject({
    method,
    url,
    headers: { ...bearer(owner.token), ...(document ? { 'content-type': 'application/json' } : {}) },
    payload: document ? JSON.stringify(document) : undefined,
  });
  const ms = performance.now() - start;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return { ms, body: response.body };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

try {
  const base = documentWith((index) => 1000 + index);
  const first = await timed('POST', '/api/config/apply', base);
  const plans: number[] = [];
  const noops: number[] = [];
  const edits: number[] = [];
  const exports: number[] = [];
  for (let run = 1; run <= 5; run++) {
    plans.push((await timed('POST', '/api/config/plan', base)).ms);
    noops.push((await timed('POST', '/api/config/apply', base)).ms);
    const edited = documentWith((index) => 1000 + index + (index < 10 ? run : 0));
    edits.push((await timed('POST', '/api/config/apply', edited)).ms);
    exports.push((await timed('GET', '/api/config')).ms);
    await timed('POST', '/api/config/apply', base);
  }
  const size = (await timed('GET', '/api/config')).body.length;
  console.log('objects: 20 teams, 100 budgets, 100 alert rules (PGlite, app.inject)');
  console.log(`first apply (220 creates):        ${fmt(first.ms)}`);
  console.log(`plan, nothing to change (median): ${fmt(median(plans))}`);
  console.log(`apply, nothing to change:         ${fmt(median(noops))}`);
  console.log(`apply, 10 budgets changed:        ${fmt(median(edits))}`);
  console.log(`export (YAML, ${(size / 1024).toFixed(0)} KiB):            ${fmt(median(exports))}`);
} finally {
  await server.close();
}
