import fs from 'node:fs';
import { type RawBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { generatedCurUploadsAround } from '../../testing/generated-cur-uploads.ts';
import { FOCUS_SAMPLE } from '../../testing/raw-billing-samples.ts';

/**
 * The tag-set rollups, which a team scoped to tag pairs reads instead of the facts (decision 092), must
 * be exactly the facts summed by day (and month), provider, account, service and whole tag set, to the last decimal:
 * here a CUR 2.0 file whose facts share tag sets over regions, usage types and resources, and the FOCUS
 * sample (several providers, two spellings of one key). A month uploaded again replaces its rows. So must
 * their daily totals over accounts and services (decision 128), summed by day, provider and tag set.
 */
const world = generatedCurUploadsAround('tag-sets@example.com');

/** Rows of one side the other side lacks, both ways, compared as numbers (1.50 equals 1.5), and the stored rows. */
async function compared(fromFacts: RawBuilder<unknown>, stored: RawBuilder<unknown>) {
  const { db } = world.server.context.database;
  const count = async (query: RawBuilder<unknown>) =>
    (await sql<{ n: number }>`select count(*)::int as n from (${query}) d`.execute(db)).rows[0]?.n ?? 0;
  return {
    missing: await count(sql`${fromFacts} except ${stored}`),
    extra: await count(sql`${stored} except ${fromFacts}`),
    rows: await count(stored),
  };
}

async function differences(integrationId: string, bucket: 'day' | 'month') {
  const when = bucket === 'day' ? sql`usage_date` : sql`date_trunc('month', usage_date)::date`;
  const fromFacts = sql`select billing_period, ${when}, provider, usage_account_id, service_name, tags,
      sum(unblended_cost), sum(amortized_cost), sum(net_cost)
    from cost_daily_facts where integration_id = ${integrationId}
    group by 1, 2, 3, 4, 5, 6`;
  const rollups = bucket === 'day' ? sql`cost_daily_tag_set_rollups` : sql`cost_monthly_tag_set_rollups`;
  const stored = sql`select billing_period, ${bucket === 'day' ? sql`usage_date` : sql`month`}, provider,
      usage_account_id, service_name, tags, unblended_cost, amortized_cost, net_cost
    from ${rollups} where integration_id = ${integrationId}`;
  const facts = await sql<{ n: number }>`select count(*)::int as n from cost_daily_facts
    where integration_id = ${integrationId}`.execute(world.server.context.database.db);
  return { ...(await compared(fromFacts, stored)), facts: facts.rows[0]?.n ?? 0 };
}

/** The tag sets' daily totals (decision 128) against the facts summed by day, provider and tag set. */
function totalsDifferences(integrationId: string) {
  return compared(
    sql`select billing_period, usage_date, provider, tags, sum(unblended_cost), sum(amortized_cost), sum(net_cost)
      from cost_daily_facts where integration_id = ${integrationId} group by 1, 2, 3, 4`,
    sql`select billing_period, usage_date, provider, tags, unblended_cost, amortized_cost, net_cost
      from cost_daily_tag_set_totals where integration_id = ${integrationId}`,
  );
}

async function ingested(id: string, file: string, name: string) {
  const card = await world.uploads.uploadAndReadCard(id, name, fs.readFileSync(file));
  expect(card.latest_run?.state).toBe('succeeded');
}

describe('the tag-set rollups are the facts summed by tag set', () => {
  it('a CUR 2.0 file whose facts share tag sets, and the same month uploaded again', async () => {
    const id = await world.uploads.createUploadIntegration('cur2.parquet');
    await ingested(id, world.curFile, 'cur2.parquet');
    for (const bucket of ['day', 'month'] as const) {
      const first = await differences(id, bucket);
      expect(first.rows, bucket).toBeGreaterThan(0);
      // Fewer rows than facts: the facts that share a day, account, service and tag set are one row.
      expect(first.rows, bucket).toBeLessThan(first.facts);
      expect(first, bucket).toEqual({ missing: 0, extra: 0, rows: first.rows, facts: first.facts });
    }
    const totals = await totalsDifferences(id);
    expect(totals.rows).toBeGreaterThan(0);
    expect(totals).toEqual({ missing: 0, extra: 0, rows: totals.rows });
    const daily = await differences(id, 'day');
    await ingested(id, world.curFile, 'cur2-again.parquet');
    expect(await differences(id, 'day')).toEqual(daily);
    expect(await totalsDifferences(id)).toEqual(totals);
    expect((await differences(id, 'month')).missing).toBe(0);
  });

  it('the FOCUS sample, with several providers and two spellings of one tag key', async () => {
    const id = await world.uploads.createUploadIntegration('focus.csv');
    await ingested(id, FOCUS_SAMPLE, 'focus.csv');
    for (const bucket of ['day', 'month'] as const) {
      const found = await differences(id, bucket);
      expect(found.rows, bucket).toBeGreaterThan(0);
      expect(found, bucket).toEqual({ missing: 0, extra: 0, rows: found.rows, facts: found.facts });
    }
    const totals = await totalsDifferences(id);
    expect(totals.rows).toBeGreaterThan(0);
    expect(totals).toEqual({ missing: 0, extra: 0, rows: totals.rows });
  });
});
