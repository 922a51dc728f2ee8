import type { Kysely, Selectable } from 'kysely';
import type { ActionKind } from '../../../domain/resource-action-plans.ts';
import type { ResourceOperation } from '../../../domain/resource-actions.ts';
import type { DatabaseSchema, ResourceActionLogTable, ResourceActionsTable } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema>;
export type ActionRow = Selectable<ResourceActionsTable>;
export type ActionLogRow = Selectable<ResourceActionLogTable>;

/** Who proposes the action a launch alert carries: no person, so no approval is implied by it. */
export const SPENDGUARD_PROPOSER = 'spendguard';

/**
 * A step of the plan as stored: the view's step, the resource's tags (who may approve it), and for a
 * change what the call sets (`apply`: a group's sizes, a tag's value; absent on stops).
 */
export interface StoredStep {
  resourceId: string;
  outcome: 'change' | 'nothing-to-do' | 'refused';
  stateBefore: string;
  stateAfter: string | null;
  reason: string | null;
  dryRun: string | null;
  tags: Record<string, string>;
  apply?: unknown;
}

export async function insertAction(
  db: Db,
  action: {
    organizationId: string;
    integrationId: string;
    kind: ActionKind;
    operation: ResourceOperation;
    notificationId: string | null;
    accountId: string;
    region: string;
    launchId: string | null;
    undoOf: string | null;
    plan: StoredStep[];
    dryRunAnswer: string;
    status: string;
    proposedBy: string;
    proposedAt: Date;
    expiresAt: Date;
  },
): Promise<ActionRow> {
  return db
    .insertInto('resource_actions')
    .values({
      organization_id: action.organizationId,
      integration_id: action.integrationId,
      kind: action.kind,
      operation: action.operation,
      notification_id: action.notificationId,
      account_id: action.accountId,
      region: action.region,
      launch_id: action.launchId,
      undo_of: action.undoOf,
      plan: JSON.stringify(action.plan),
      dry_run_answer: action.dryRunAnswer,
      status: action.status,
      proposed_by: action.proposedBy,
      proposed_at: action.proposedAt,
      expires_at: action.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setLinkTokenHash(db: Db, actionId: string, hash: string): Promise<void> {
  await db
    .updateTable('resource_actions')
    .set({ link_token_hash: hash })
    .where('id', '=', actionId)
    .execute();
}

/** The organization's action, or undefined (another tenant's id reads as missing). */
export async function findAction(db: Db, organizationId: string, actionId: string) {
  return db
    .selectFrom('resource_actions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', actionId)
    .executeTakeFirst();
}

/** The action proposed for a launch alert, if one was. */
export async function findActionOfNotification(db: Db, notificationId: string) {
  return db
    .selectFrom('resource_actions')
    .selectAll()
    .where('notification_id', '=', notificationId)
    .executeTakeFirst();
}

export async function findActionByLinkHash(db: Db, hash: string) {
  return db.selectFrom('resource_actions').selectAll().where('link_token_hash', '=', hash).executeTakeFirst();
}

/**
 * Takes the decision on a proposal, once: false when it was already decided (a second click, a
 * second tab, the link used after the app). With `viaLink` the link is spent in the same statement.
 */
export async function claimDecision(
  db: Db,
  actionId: string,
  decision: { by: string; via: string; at: Date; viaLink: boolean },
): Promise<boolean> {
  let query = db
    .updateTable('resource_actions')
    .set({
      status: 'running',
      decided_by: decision.by,
      decided_via: decision.via,
      decided_at: decision.at,
      ...(decision.viaLink ? { link_used_at: decision.at } : {}),
    })
    .where('id', '=', actionId)
    .where('status', '=', 'proposed');
  if (decision.viaLink) query = query.where('link_used_at', 'is', null);
  const updated = await query.returning('id').executeTakeFirst();
  return updated !== undefined;
}

/** The rule's automatic policy on an alert's proposal (decision 121): when and how it acts. */
export async function setAutomaticPolicy(
  db: Db,
  actionId: string,
  policy: { mode: 'dry-run' | 'on'; at: Date; rule: string },
): Promise<void> {
  await db
    .updateTable('resource_actions')
    .set({ automatic_mode: policy.mode, automatic_at: policy.at, automatic_rule: policy.rule })
    .where('id', '=', actionId)
    .execute();
}

/** Proposals whose automatic policy is due and that nobody decided or kept, every organization's. */
export async function listDueAutomatic(db: Db, at: Date): Promise<ActionRow[]> {
  return db
    .selectFrom('resource_actions')
    .selectAll()
    .where('status', '=', 'proposed')
    .where('automatic_at', '<=', at)
    .where('expires_at', '>', at)
    .orderBy('automatic_at')
    .limit(100)
    .execute();
}

/** A person keeps the resources as they are: the proposal ends, once; false when it was already decided. */
export async function claimKeep(db: Db, actionId: string, keep: { by: string; at: Date }): Promise<boolean> {
  const updated = await db
    .updateTable('resource_actions')
    .set({ status: 'kept', kept_by: keep.by, kept_at: keep.at })
    .where('id', '=', actionId)
    .where('status', '=', 'proposed')
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

export async function setActionStatus(db: Db, actionId: string, status: string): Promise<void> {
  await db.updateTable('resource_actions').set({ status }).where('id', '=', actionId).execute();
}

/** Marks a stop undone, once: false when another undo got there first. */
export async function claimUndo(db: Db, actionId: string): Promise<boolean> {
  const updated = await db
    .updateTable('resource_actions')
    .set({ status: 'undone' })
    .where('id', '=', actionId)
    .where('status', 'in', ['done', 'partly-done'])
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

export async function insertLogEntries(db: Db, entries: Array<Omit<ActionLogRow, 'id'>>): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('resource_action_log')
    .values(
      entries.map((entry) => ({
        ...entry,
        restore: entry.restore === null ? null : JSON.stringify(entry.restore),
      })),
    )
    .execute();
}

export async function logEntriesOf(
  db: Db,
  organizationId: string,
  actionId: string,
): Promise<ActionLogRow[]> {
  return db
    .selectFrom('resource_action_log')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('action_id', '=', actionId)
    .orderBy('at')
    .orderBy('resource_id')
    .execute();
}

export async function listLog(
  db: Db,
  organizationId: string,
  options: { integrationId?: string; limit: number },
): Promise<ActionLogRow[]> {
  let query = db.selectFrom('resource_action_log').selectAll().where('organization_id', '=', organizationId);
  if (options.integrationId) query = query.where('integration_id', '=', options.integrationId);
  return query.orderBy('at', 'desc').orderBy('resource_id').limit(options.limit).execute();
}

/**
 * When the organization proposed or decided actions since `since` (the rate limit counts both); the
 * proposals alerts make count only once someone decides them.
 */
export async function recentActionTimes(db: Db, organizationId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('resource_actions')
    .select(['proposed_at', 'decided_at', 'proposed_by'])
    .where('organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('proposed_at', '>', since), eb('decided_at', '>', since)]))
    .execute();
  return rows.flatMap((row) => [
    ...(row.proposed_by === SPENDGUARD_PROPOSER ? [] : [row.proposed_at]),
    ...(row.decided_at ? [row.decided_at] : []),
  ]);
}
