import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { inlineAlertDelivery } from '../../testing/inline-alert-delivery.ts';
import { callAs, type Person, signUpVerified } from '../../testing/organization-fixtures.ts';
import { type SlackReceiver, startSlackReceiver } from '../../testing/slack-receiver.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertNotificationOnce } from './alert-outbox.repository.ts';

/**
 * Decision 047: choices of alert kinds are kept as the kinds turned off, so `launch`
 * reaches the people and the Slack channel that saved a list of kinds before it existed, unless they
 * turn it off now.
 */
let server: TestApp;
let slack: SlackReceiver;
let owner: Person;
let organizationId: string;

/** The two columns as they were before decision 047: the kinds wanted. */
interface SchemaBeforeDecision047 {
  notification_preferences: { organization_id: string; kinds: string };
  slack_connections: { organization_id: string; alert_kinds: string };
}

const PREVIOUS_MIGRATION = '2026-11-26T2000-launch-events';

function migrator() {
  return new Migrator({
    db: server.context.database.db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
  });
}

/** Fires one notification of the kind and answers where it went. */
async function recipientsOf(kind: 'launch' | 'anomaly', key: string): Promise<string[]> {
  const { db } = server.context.database;
  const id = await insertNotificationOnce(db, {
    organizationId,
    dedupeKey: key,
    sourceKind: kind,
    sourceId: null,
    title: `A ${kind} alert`,
    summary: 'A test alert.',
    details: { tag: null },
    accountIds: [],
  });
  if (!id) throw new Error('the notification was not stored');
  await inlineAlertDelivery(server.context).dispatch(id);
  const rows = await db
    .selectFrom('alert_deliveries')
    .select(['channel', 'recipient'])
    .where('notification_id', '=', id)
    .execute();
  return rows.map((row) => row.recipient).sort();
}

beforeAll(async () => {
  slack = await startSlackReceiver();
  server = await createTestApp({ env: { SLACK_WEBHOOK_HOSTS: `127.0.0.1:${slack.port}` } });
  owner = await signUpVerified(server, 'owner@kinds.test', 'Olivia Owner');
  const as = callAs(server, owner);
  expect((await as('POST', '/api/billing/trial')).statusCode).toBeLessThan(300);
  const member = await server.context.database.db
    .selectFrom('member')
    .select('organizationId')
    .where('userId', '=', owner.userId)
    .executeTakeFirstOrThrow();
  organizationId = member.organizationId;
  expect(
    (
      await as('PUT', '/api/notification-preferences', {
        email: true,
        slack: true,
        digest: 'off',
        kinds: ['budget'],
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await as('PUT', '/api/slack', { webhook_url: slack.webhookUrl, channel: '#costs' })).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await server.close();
  await slack.close();
});

describe('choices saved before the launch kind existed', () => {
  it('are migrated to the kinds turned off, with launch and every kind added since on', async () => {
    // The schema as it was before this decision, with the lists the old code saved.
    const down = await migrator().migrateTo(PREVIOUS_MIGRATION);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toContain(
      '2026-11-26T2100-alert-kinds-turned-off',
    );
    const db = server.context.database.db as unknown as Kysely<SchemaBeforeDecision047>;
    await db
      .updateTable('notification_preferences')
      .set({ kinds: JSON.stringify(['budget', 'cost-threshold', 'idle-ec2']) })
      .where('organization_id', '=', organizationId)
      .execute();
    await db
      .updateTable('slack_connections')
      .set({ alert_kinds: JSON.stringify(['budget', 'cost-threshold', 'anomaly', 'idle-ec2']) })
      .where('organization_id', '=', organizationId)
      .execute();
    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();

    const as = callAs(server, owner);
    expect((await as('GET', '/api/notification-preferences')).json().kinds).toEqual([
      'budget',
      'cost-threshold',
      'idle-ec2',
      'launch',
      'live-spend',
      'commitments',
    ]);
    expect((await as('GET', '/api/slack')).json().alert_kinds).toEqual([
      'budget',
      'cost-threshold',
      'anomaly',
      'idle-ec2',
      'launch',
      'live-spend',
      'commitments',
    ]);
  });

  it('deliver a launch alert by mail and to Slack, and an anomaly to Slack only', async () => {
    expect(await recipientsOf('launch', 'kinds-launch-1')).toEqual(['owner@kinds.test', 'slack:#costs']);
    expect(await recipientsOf('anomaly', 'kinds-anomaly-1')).toEqual(['slack:#costs']);
  });

  it('turn launch off when someone saves a list without it now', async () => {
    const as = callAs(server, owner);
    const saved = await as('PUT', '/api/notification-preferences', {
      email: true,
      slack: true,
      digest: 'off',
      kinds: ['budget', 'anomaly'],
    });
    expect(saved.json().kinds).toEqual(['budget', 'anomaly']);
    const channel = await as('PUT', '/api/slack', { alert_kinds: ['budget'] });
    expect(channel.json().alert_kinds).toEqual(['budget']);
    expect(await recipientsOf('launch', 'kinds-launch-2')).toEqual([]);
    expect(await recipientsOf('anomaly', 'kinds-anomaly-2')).toEqual(['owner@kinds.test']);
  });
});
