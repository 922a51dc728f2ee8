/** The organization's Slack connection (webhook or bot token, sealed). */
import type { Kysely, Transaction } from 'kysely';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export function findSlackConnection(db: Db, organizationId: string) {
  return db
    .selectFrom('slack_connections')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export async function saveSlackConnection(
  db: Db,
  organizationId: string,
  values: {
    mode: string;
    webhook_url_sealed: string | null;
    bot_token_sealed: string | null;
    channel: string | null;
    team_name: string | null;
    /** The workspace that added the app (decision 132); null for a webhook. */
    team_id: string | null;
    /** The alert kinds not posted (decision 047). */
    mutedKinds: string[];
    digest: 'off' | 'daily' | 'weekly';
  },
) {
  const { mutedKinds, ...rest } = values;
  const row = { ...rest, muted_kinds: JSON.stringify(mutedKinds), updated_at: databaseNow() };
  await db
    .insertInto('slack_connections')
    .values({ organization_id: organizationId, ...row })
    .onConflict((conflict) => conflict.column('organization_id').doUpdateSet(row))
    .execute();
}

export async function deleteSlackConnection(db: Db, organizationId: string) {
  await db.deleteFrom('slack_connections').where('organization_id', '=', organizationId).execute();
}

/** Connections whose channel takes the digest of this period. */
export function listSlackDigestConnections(db: Db, period: 'daily' | 'weekly') {
  return db.selectFrom('slack_connections').selectAll().where('digest', '=', period).execute();
}

/** The digest a connection's channel takes; 'off' without a connection. */
export function slackDigestOf(connection: { digest: string } | undefined): 'off' | 'daily' | 'weekly' {
  const digest = connection?.digest;
  return digest === 'daily' || digest === 'weekly' ? digest : 'off';
}
