import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { type OrganizationWorld, startOrganizationWorld } from '../../testing/organization-world.ts';
import { uploadsAs } from '../../testing/upload-fixtures.ts';
import { COMMITMENT_BILL } from './billing-files/commitment-test-bill.ts';
import { writeCur2TestFile } from './billing-files/cur2-test-files.ts';

/**
 * The commitment rollups, which the Commitments page reads instead of the days (decision 117), must be
 * exactly the commitment days summed per day across accounts, and per calendar month per account, to the
 * last decimal, a covered on-demand cost unknown on any day unknown in its sum. A month uploaded again
 * replaces its rows; the rollups' migration fills them from the days already held.
 */
const AMOUNTS = sql`sum(total_commitment), sum(used_commitment),
  case when bool_or(covered_on_demand_cost is null) then null else sum(covered_on_demand_cost) end,
  sum(covered_hours), sum(uncovered_on_demand_cost), sum(uncovered_hours)`;
const STORED = sql`total_commitment, used_commitment, covered_on_demand_cost, covered_hours,
  uncovered_on_demand_cost, uncovered_hours`;

describe('the commitment rollups are the commitment days summed', () => {
  let { server, owner } = {} as OrganizationWorld;
  let directory: string;
  let file: string;
  /** The integration the first test uploaded to, and its rollups' differences. */
  let uploaded: { id: string; found: unknown } | undefined;

  beforeAll(async () => {
    ({ server, owner } = await startOrganizationWorld({ trials: ['owner'] }));
    directory = mkdtempSync(path.join(os.tmpdir(), 'commitment-rollups-'));
    file = path.join(directory, 'commitments.parquet');
    await writeCur2TestFile(file, COMMITMENT_BILL, 'parquet');
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** Rows of one side the other side lacks, both ways, compared as numbers (1.50 equals 1.5). */
  async function differences(integrationId: string, rollup: 'day' | 'month') {
    const keys =
      rollup === 'day'
        ? sql`billing_period, usage_date, kind, commitment_id`
        : sql`billing_period, date_trunc('month', usage_date)::date, usage_account_id, kind, commitment_id`;
    const fromDays = sql`select ${keys}, ${AMOUNTS} from cost_commitment_days
      where integration_id = ${integrationId} group by ${keys}`;
    const stored =
      rollup === 'day'
        ? sql`select billing_period, usage_date, kind, commitment_id, ${STORED} from cost_commitment_day_totals
            where integration_id = ${integrationId}`
        : sql`select billing_period, usage_month, usage_account_id, kind, commitment_id, ${STORED}
            from cost_commitment_months where integration_id = ${integrationId}`;
    const { db } = server.context.database;
    const count = async (query: ReturnType<typeof sql>) =>
      (await sql<{ n: number }>`select count(*)::int as n from (${query}) d`.execute(db)).rows[0]?.n ?? 0;
    return {
      missing: await count(sql`${fromDays} except ${stored}`),
      extra: await count(sql`${stored} except ${fromDays}`),
      rows: await count(stored),
      days: await count(sql`select 1 from cost_commitment_days where integration_id = ${integrationId}`),
    };
  }

  it('a bill with Savings Plans and reservations over several accounts, and the same month uploaded again', async () => {
    const uploads = uploadsAs(server, owner.token);
    const id = await uploads.createUploadIntegration('Commitments bill');
    const upload = async (name: string) =>
      expect((await uploads.uploadAndReadCard(id, name, readFileSync(file))).latest_run?.state).toBe(
        'succeeded',
      );
    await upload('commitments.parquet');
    const first = { day: await differences(id, 'day'), month: await differences(id, 'month') };
    for (const rollup of ['day', 'month'] as const) {
      expect(first[rollup].rows, rollup).toBeGreaterThan(0);
      expect(first[rollup], rollup).toEqual({
        missing: 0,
        extra: 0,
        rows: first[rollup].rows,
        days: first[rollup].days,
      });
    }
    // Fewer rows than days: a day's accounts are one row, a month's days are one row.
    expect(first.day.rows).toBeLessThan(first.day.days);
    expect(first.month.rows).toBeLessThan(first.month.days);
    await upload('commitments-again.parquet');
    expect({ day: await differences(id, 'day'), month: await differences(id, 'month') }).toEqual(first);
    uploaded = { id, found: first };
  });

  it('are filled by their migration for the months already held', async () => {
    const migration = '2026-12-09T0200-commitment-rollups';
    const migrator = new Migrator({
      db: server.context.database.db as unknown as Kysely<unknown>,
      provider: { getMigrations: async () => migrations },
    });
    const names = Object.keys(migrations);
    expect((await migrator.migrateTo(names[names.indexOf(migration) - 1]!)).error).toBeUndefined();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((result) => result.migrationName)).toContain(migration);
    const { id, found } = uploaded!;
    expect({ day: await differences(id, 'day'), month: await differences(id, 'month') }).toEqual(found);
  });
});
