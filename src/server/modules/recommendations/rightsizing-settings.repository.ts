import type { Kysely } from 'kysely';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

export async function readRightsizingSettings(db: Kysely<DatabaseSchema>, organizationId: string) {
  return db
    .selectFrom('rightsizing_settings')
    .select(['cpu_percentile', 'headroom_percent'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export async function saveRightsizingSettings(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  settings: { cpuPercentile: number; headroomPercent: number },
  updatedBy: string,
) {
  const values = {
    organization_id: organizationId,
    cpu_percentile: settings.cpuPercentile,
    headroom_percent: settings.headroomPercent,
    updated_by: updatedBy,
    updated_at: databaseNow(),
  };
  await db
    .insertInto('rightsizing_settings')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('organization_id').doUpdateSet({
        cpu_percentile: values.cpu_percentile,
        headroom_percent: values.headroom_percent,
        updated_by: values.updated_by,
        updated_at: values.updated_at,
      }),
    )
    .execute();
}
