import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedOwner } from '../../testing/billing-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  insertIntegration,
  listIntegrationsDueForSync,
  recordIntegrationState,
} from './integrations.repository.ts';

const SIX_HOURS_MS = 6 * 3_600_000;
let server: TestApp;

beforeAll(async () => {
  server = await createTestApp();
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe('which AWS integrations are due for their scheduled sync', () => {
  it('skips one still in its first sync, and takes it again once it has sat a whole interval', async () => {
    const db = server.context.database.db;
    const owner = await signUpVerifiedOwner(server, 'due-sync@example.com');
    const row = await insertIntegration(db, {
      organizationId: owner.organizationId,
      name: 'Production',
      kind: 'aws-role',
      source: 'cost-explorer',
      externalId: 'due-sync-external-id',
      roleArn: 'arn:aws:iam::111122223333:role/SpendguardReadOnly',
    });
    const due = async () => {
      const olderThan = new Date(server.context.clock.now().getTime() - SIX_HOURS_MS);
      return (await listIntegrationsDueForSync(db, olderThan, false)).map((integration) => integration.id);
    };

    expect(await due(), 'never synced').toContain(row.id);

    await recordIntegrationState(db, row.id, { state: 'syncing' });
    expect(await due(), 'its first sync under way, older months with the workers').not.toContain(row.id);

    await db
      .updateTable('integrations')
      .set({ updated_at: sql<Date>`clock_timestamp() - interval '7 hours'` })
      .where('id', '=', row.id)
      .execute();
    expect(await due(), 'left syncing for longer than an interval').toContain(row.id);

    await recordIntegrationState(db, row.id, { state: 'ready', synced: true });
    expect(await due(), 'synced just now').not.toContain(row.id);

    await recordIntegrationState(db, row.id, { state: 'error' });
    expect(await due(), 'a failed sync waits for the interval like any other').not.toContain(row.id);
  });
});
