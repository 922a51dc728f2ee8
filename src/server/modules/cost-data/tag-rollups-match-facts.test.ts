import fs from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { generatedCurUploadsAround } from '../../testing/generated-cur-uploads.ts';
import { FOCUS_SAMPLE } from '../../testing/raw-billing-samples.ts';

/**
 * The tag rollups, which the dashboard's tag splits and tag budgets read instead of the facts, must be
 * exactly the facts' tag pairs summed, to the last decimal, whatever the file: here a CUR 2.0 file where
 * many facts share a tag set (resources over regions and usage types) and the FOCUS sample (two
 * spellings of one key). Decision 068 weighed summing those facts first in the swap, and measured it.
 */
const world = generatedCurUploadsAround('tag-rollups@example.com');

/** Rows of one side the other side lacks, both ways, compared as numbers (1.50 equals 1.5). */
async function differences(integrationId: string, bucket: 'day' | 'month') {
  const rollups = bucket === 'day' ? sql`cost_daily_tag_rollups` : sql`cost_monthly_tag_rollups`;
  const when = bucket === 'day' ? sql`usage_date` : sql`month`;
  const fromFacts = sql`select f.billing_period, ${bucket === 'day' ? sql`f.usage_date` : sql`date_trunc('month', f.usage_date)::date`},
      f.provider, t.key, t.value, f.usage_account_id, f.service_name,
      sum(f.unblended_cost), sum(f.amortized_cost), sum(f.net_cost)
    from cost_daily_facts f cross join lateral jsonb_each_text(f.tags) t
    where f.integration_id = ${integrationId}
    group by 1, 2, 3, 4, 5, 6, 7`;
  const stored = sql`select billing_period, ${when}, provider, tag_key, tag_value, usage_account_id, service_name,
      unblended_cost, amortized_cost, net_cost
    from ${rollups} where integration_id = ${integrationId}`;
  const { db } = world.server.context.database;
  const missing = await sql<{
    n: number;
  }>`select count(*)::int as n from (${fromFacts} except ${stored}) d`.execute(db);
  const extra = await sql<{
    n: number;
  }>`select count(*)::int as n from (${stored} except ${fromFacts}) d`.execute(db);
  const rows = await sql<{
    n: number;
  }>`select count(*)::int as n from ${rollups} where integration_id = ${integrationId}`.execute(db);
  return { missing: missing.rows[0]?.n, extra: extra.rows[0]?.n, rows: rows.rows[0]?.n ?? 0 };
}

async function ingested(file: string, name: string): Promise<string> {
  const id = await world.uploads.createUploadIntegration(name);
  const card = await world.uploads.uploadAndReadCard(id, name, fs.readFileSync(file));
  expect(card.latest_run?.state).toBe('succeeded');
  return id;
}

async function expectRollupsToMatchFacts(integrationId: string) {
  for (const bucket of ['day', 'month'] as const) {
    const found = await differences(integrationId, bucket);
    expect(found.rows, bucket).toBeGreaterThan(0);
    expect(found, bucket).toEqual({ missing: 0, extra: 0, rows: found.rows });
  }
}

describe('the tag rollups are the facts’ tag pairs summed', () => {
  it('a CUR 2.0 file whose facts share tag sets', async () => {
    const id = await ingested(world.curFile, 'cur2.parquet');
    // Several facts per day, account, service and tag set, each adding to the same tag pairs.
    const shared = await sql<{ facts: number; sets: number }>`select count(*)::int as facts,
        count(distinct (usage_date, usage_account_id, service_name, tags))::int as sets
      from cost_daily_facts where integration_id = ${id} and tags <> '{}'::jsonb`.execute(
      world.server.context.database.db,
    );
    const { facts, sets } = shared.rows[0] ?? { facts: 0, sets: 0 };
    expect(facts).toBeGreaterThan(sets * 2);
    await expectRollupsToMatchFacts(id);
  });

  it('the FOCUS sample, with two spellings of one tag key', async () => {
    await expectRollupsToMatchFacts(await ingested(FOCUS_SAMPLE, 'focus.csv'));
  });
});
