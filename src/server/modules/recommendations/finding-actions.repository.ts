import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export interface FindingActionRecord {
  organizationId: string;
  integrationId: string;
  instanceId: string;
  /** The kind of finding acted on: the action lapses when the instance's finding changes kind. */
  finding: string;
  action: 'dismissed' | 'snoozed' | 'expected';
  /** Why (decision 100); the EC2 screen's own buttons give none. */
  reason?: string | null;
  snoozedUntil: Date | null;
  actedBy: string;
  actedAt: Date;
}

/** One action per instance: a new dismissal or snooze replaces the previous one. */
export async function recordFindingAction(db: Kysely<DatabaseSchema>, record: FindingActionRecord) {
  const values = {
    organization_id: record.organizationId,
    integration_id: record.integrationId,
    instance_id: record.instanceId,
    finding: record.finding,
    action: record.action,
    snoozed_until: record.snoozedUntil,
    acted_by: record.actedBy,
    acted_at: record.actedAt,
    reason: record.reason ?? null,
  };
  await db
    .insertInto('ec2_finding_actions')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['organization_id', 'integration_id', 'instance_id']).doUpdateSet({
        finding: values.finding,
        action: values.action,
        snoozed_until: values.snoozed_until,
        acted_by: values.acted_by,
        acted_at: values.acted_at,
        reason: values.reason,
      }),
    )
    .execute();
}

export async function clearFindingAction(
  db: Kysely<DatabaseSchema>,
  key: { organizationId: string; integrationId: string; instanceId: string },
) {
  await db
    .deleteFrom('ec2_finding_actions')
    .where('organization_id', '=', key.organizationId)
    .where('integration_id', '=', key.integrationId)
    .where('instance_id', '=', key.instanceId)
    .execute();
}
