/** Idle instances muted from a mail's "keep this instance" link: evaluation skips them until then. */
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export async function muteInstance(
  db: Db,
  organizationId: string,
  instanceId: string,
  until: Date,
  by: string,
) {
  await db
    .insertInto('alert_instance_mutes')
    .values({ organization_id: organizationId, instance_id: instanceId, muted_until: until, muted_by: by })
    .onConflict((conflict) =>
      conflict.columns(['organization_id', 'instance_id']).doUpdateSet({ muted_until: until, muted_by: by }),
    )
    .execute();
}

export async function mutedInstances(db: Db, organizationId: string, at: Date): Promise<Set<string>> {
  const rows = await db
    .selectFrom('alert_instance_mutes')
    .select('instance_id')
    .where('organization_id', '=', organizationId)
    .where('muted_until', '>', at)
    .execute();
  return new Set(rows.map((row) => row.instance_id));
}
