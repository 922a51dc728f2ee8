import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface WasteActionRecord {
  organizationId: string;
  integrationId: string;
  resourceId: string;
  kind: string;
  action: 'dismissed' | 'snoozed' | 'expected';
  reason: string;
  snoozedUntil: Date | null;
  actedBy: string;
  actedAt: Date;
}

/** One action per resource and kind of finding; a new one replaces it (decision 100). */
export async function recordWasteAction(db: Kysely<DatabaseSchema>, record: WasteActionRecord) {
  const values = {
    action: record.action,
    reason: record.reason,
    snoozed_until: record.snoozedUntil,
    acted_by: record.actedBy,
    acted_at: record.actedAt,
  };
  await db
    .insertInto('waste_finding_actions')
    .values({
      organization_id: record.organizationId,
      integration_id: record.integrationId,
      resource_id: record.resourceId,
      kind: record.kind,
      ...values,
    })
    .onConflict((conflict) =>
      conflict.columns(['organization_id', 'integration_id', 'resource_id', 'kind']).doUpdateSet(values),
    )
    .execute();
}

export async function clearWasteAction(
  db: Kysely<DatabaseSchema>,
  key: { organizationId: string; integrationId: string; resourceId: string; kind: string },
) {
  await db
    .deleteFrom('waste_finding_actions')
    .where('organization_id', '=', key.organizationId)
    .where('integration_id', '=', key.integrationId)
    .where('resource_id', '=', key.resourceId)
    .where('kind', '=', key.kind)
    .execute();
}

/** Every action of the organization with the name of who acted. */
export function listWasteActions(db: Kysely<DatabaseSchema>, organizationId: string) {
  return db
    .selectFrom('waste_finding_actions as a')
    .leftJoin('user as u', 'u.id', 'a.acted_by')
    .selectAll('a')
    .select('u.name as acted_by_name')
    .where('a.organization_id', '=', organizationId)
    .execute();
}
