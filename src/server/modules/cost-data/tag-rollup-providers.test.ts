import fs from 'node:fs';
import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { createUploadIntegration, uploadFocusSample } from '../../testing/alert-fixtures.ts';
import { billingDataPath } from '../../testing/billing-data-path.ts';
import {
  callAs,
  type Person,
  signUpVerified,
  startBusinessTrial,
} from '../../testing/organization-fixtures.ts';
import { FOCUS_AWS_AZURE_SAMPLE, parseCsv, picoUnits, SCALE } from '../../testing/raw-billing-samples.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fixedClock } from '../../testing/test-clock.ts';

// Decision 060: the migration that gives the tag rollups their provider rebuilds the months of data
// already stored that hold more than AWS, so a tag split narrowed to Azure is right at once.
const MIGRATION = '2026-11-28T0700-tag-rollup-providers';
const rows = parseCsv(fs.readFileSync(FOCUS_AWS_AZURE_SAMPLE, 'utf8'));
function envOf(row: (typeof rows)[number]): string {
  if (!row.Tags || row.Tags === 'NULL') return 'untagged';
  const tags = Object.fromEntries(
    Object.entries(JSON.parse(row.Tags) as Record<string, string>).map(([key, value]) => [key.trim(), value]),
  );
  return tags.env ?? 'untagged';
}
function expectedByEnv(provider: string): Record<string, number> {
  const pico = new Map<string, bigint>();
  for (const row of rows.filter((candidate) => candidate.ProviderName === provider))
    pico.set(envOf(row), (pico.get(envOf(row)) ?? 0n) + picoUnits(row.BilledCost ?? ''));
  return Object.fromEntries(
    [...pico].map(([env, units]) => {
      const negative = units < 0n;
      const text = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
      return [env, Number(`${negative ? '-' : ''}${text.slice(0, -SCALE)}.${text.slice(-SCALE)}`)];
    }),
  );
}

let server: TestApp;
let owner: Person;

beforeAll(async () => {
  // The sample bill is September 2024's: read it the month after, on any real date.
  server = await createTestApp({ clock: fixedClock('2024-10-15T12:00:00Z') });
  owner = await signUpVerified(server, 'owner@migrated-rollups.test');
  await startBusinessTrial(server, owner);
  const integrationId = await createUploadIntegration(server, owner);
  const upload = await uploadFocusSample(server, owner, integrationId, FOCUS_AWS_AZURE_SAMPLE);
  expect(upload.json()).toMatchObject({ state: 'succeeded' });
}, 60_000);
afterAll(() => server.close());

async function envSplit(provider: string) {
  const path = billingDataPath(owner.userId, {
    tag_key: 'env',
    start_date: '2024-09-01',
    end_date: '2024-09-30',
    provider,
  });
  const data = (await callAs(server, owner)('GET', path)).json();
  return Object.fromEntries(
    (data.series as Array<{ key: string; total: number }>).map((entry) => [entry.key, entry.total]),
  );
}

describe(`migration ${MIGRATION}`, () => {
  it("rebuilds the stored months of more than one cloud, so each provider's tag split is right", async () => {
    const migrator = new Migrator({
      db: server.context.database.db as unknown as Kysely<unknown>,
      provider: { getMigrations: async () => migrations },
    });
    const names = Object.keys(migrations);
    const down = await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1]!);
    expect(down.error).toBeUndefined();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((result) => result.migrationName)).toContain(MIGRATION);
    expect(await envSplit('Microsoft')).toEqual(expectedByEnv('Microsoft'));
    expect(await envSplit('AWS')).toEqual(expectedByEnv('AWS'));
  });
});
