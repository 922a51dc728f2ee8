/**
 * Which SQL statements one cached dashboard answer costs, with the session and permission reads made on
 * every request (PERMISSION_CACHE_MS=0, as before decision 052) and with them kept for a second, and the
 * plan of each (EXPLAIN ANALYZE) on PostgreSQL. A diagnostic for decision 052, not in the default list:
 *
 *   npm run bench -- billing-data-statements
 */
import pg from 'pg';

process.env.TEST_DATABASE = 'postgres';
const captured: Array<{ text: string; values?: unknown[] }> = [];
let capturing = false;
// Every statement of the app goes through a pg client: record them while one request runs.
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [statement, values] = args as [unknown, unknown];
  const text = typeof statement === 'string' ? statement : (statement as { text?: string } | null)?.text;
  if (capturing && text) {
    const parameters = Array.isArray(values) ? values : (statement as { values?: unknown[] }).values;
    captured.push({ text, values: parameters });
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const { createTestApp } = await import('../src/server/testing/test-app.ts');
const { signUpVerifiedOwner } = await import('../src/server/testing/billing-fixtures.ts');
const { isoDayInTimeZone, monthEnd, monthStart } = await import('../src/domain/calendar-days.ts');

async function statementsOfACachedAnswer(permissionCacheMs: string, explain: boolean) {
  const server = await createTestApp({ env: { PERMISSION_CACHE_MS: permissionCacheMs } });
  try {
    const owner = await signUpVerifiedOwner(server, 'finance@acme.test');
    const headers = owner.headers;
    await server.app.inject({ method: 'POST', url: '/api/billing/trial', headers });
    const payload = { kind: 'upload', name: 'AWS' };
    await server.app.inject({ method: 'POST', url: '/api/integrations', headers, payload });
    const today = isoDayInTimeZone(new Date(), 'UTC');
    const url = `/api/billing-data?${new URLSearchParams({
      user_id: owner.userId,
      start_date: monthStart(today),
      end_date: monthEnd(today),
      integration: 'default',
      tag_key: 'all',
      selected_tag_values: 'All',
      is_amortized: 'false',
    })}`;
    await server.app.inject({ url, headers });
    captured.length = 0;
    capturing = true;
    const again = await server.app.inject({ url, headers });
    capturing = false;
    console.log(
      `\nPERMISSION_CACHE_MS=${permissionCacheMs}: a cached answer (${again.statusCode}) made ${captured.length} statements`,
    );
    if (!explain) return;
    const client = new pg.Client({ connectionString: server.context.database.connectionString });
    await client.connect();
    for (const statement of [...captured]) {
      const plan = await client.query(
        `explain (analyze, costs off) ${statement.text}`,
        statement.values as unknown[],
      );
      console.log(`\n  ${statement.text.replace(/\s+/g, ' ').slice(0, 160)}`);
      for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
    }
    await client.end();
  } finally {
    await server.close();
  }
}

await statementsOfACachedAnswer('0', true);
await statementsOfACachedAnswer('1000', false);
