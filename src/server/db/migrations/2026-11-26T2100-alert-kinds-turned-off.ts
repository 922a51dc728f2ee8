import { type Kysely, sql } from 'kysely';

/**
 * Decision 047: people's and Slack channels' choice of alert kinds is stored as the kinds
 * turned off (`muted_kinds`), so a kind added later reaches everyone who did not turn it off. A list
 * saved before `launch` existed named the kinds wanted among these four; what it left out is what
 * was turned off, and `launch` stays on.
 */
const KINDS_BEFORE_LAUNCH = ['budget', 'cost-threshold', 'anomaly', 'idle-ec2'];
/** Every kind when this migration was written (what `down` turns a choice back into). */
const KINDS_NOW = [...KINDS_BEFORE_LAUNCH, 'launch'];

const turnedOff = (saved: unknown) =>
  Array.isArray(saved) ? KINDS_BEFORE_LAUNCH.filter((kind) => !saved.includes(kind)) : [];

const turnedOn = (muted: unknown) =>
  KINDS_NOW.filter((kind) => !(Array.isArray(muted) ? muted : []).includes(kind));

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['notification_preferences', 'slack_connections'])
    await db.schema
      .alterTable(table)
      .addColumn('muted_kinds', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();

  for (const row of await db
    .selectFrom('notification_preferences')
    .select(['organization_id', 'user_id', 'kinds'])
    .execute())
    await db
      .updateTable('notification_preferences')
      .set({ muted_kinds: JSON.stringify(turnedOff(row.kinds)) })
      .where('organization_id', '=', row.organization_id)
      .where('user_id', '=', row.user_id)
      .execute();
  for (const row of await db
    .selectFrom('slack_connections')
    .select(['organization_id', 'alert_kinds'])
    .execute())
    await db
      .updateTable('slack_connections')
      .set({ muted_kinds: JSON.stringify(turnedOff(row.alert_kinds)) })
      .where('organization_id', '=', row.organization_id)
      .execute();

  await db.schema.alterTable('notification_preferences').dropColumn('kinds').execute();
  await db.schema.alterTable('slack_connections').dropColumn('alert_kinds').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notification_preferences')
    .addColumn('kinds', 'jsonb', (col) => col.notNull().defaultTo(sql`'null'::jsonb`))
    .execute();
  await db.schema
    .alterTable('slack_connections')
    .addColumn('alert_kinds', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  for (const row of await db
    .selectFrom('notification_preferences')
    .select(['organization_id', 'user_id', 'muted_kinds'])
    .execute())
    await db
      .updateTable('notification_preferences')
      .set({ kinds: JSON.stringify(turnedOn(row.muted_kinds)) })
      .where('organization_id', '=', row.organization_id)
      .where('user_id', '=', row.user_id)
      .execute();
  for (const row of await db
    .selectFrom('slack_connections')
    .select(['organization_id', 'muted_kinds'])
    .execute())
    await db
      .updateTable('slack_connections')
      .set({ alert_kinds: JSON.stringify(turnedOn(row.muted_kinds)) })
      .where('organization_id', '=', row.organization_id)
      .execute();
  await db.schema.alterTable('notification_preferences').dropColumn('muted_kinds').execute();
  await db.schema.alterTable('slack_connections').dropColumn('muted_kinds').execute();
}
