import { type Kysely, type Selectable, sql, type UpdateObject } from 'kysely';
import { type FailureDetails, storableFailure } from '../../../domain/storable-text.ts';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema, IntegrationsTable } from '../../db/schema.ts';
import type { IntegrationSettings } from './integration-settings.ts';

export type IntegrationRow = Selectable<IntegrationsTable>;

export async function insertIntegration(
  db: Kysely<DatabaseSchema>,
  integration: {
    organizationId: string;
    name: string;
    kind: string;
    source: string;
    externalId: string;
    roleArn?: string | null;
    actionRoleArn?: string | null;
    exportLocation?: unknown;
    settings?: unknown;
  },
): Promise<IntegrationRow> {
  const hasDefault = await db
    .selectFrom('integrations')
    .select('id')
    .where('organization_id', '=', integration.organizationId)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return db
    .insertInto('integrations')
    .values({
      organization_id: integration.organizationId,
      name: integration.name,
      kind: integration.kind,
      source: integration.source,
      external_id: integration.externalId,
      role_arn: integration.roleArn ?? null,
      action_role_arn: integration.actionRoleArn ?? null,
      export_location:
        integration.exportLocation === undefined ? null : JSON.stringify(integration.exportLocation),
      settings: JSON.stringify(integration.settings ?? {}),
      accounts: '[]',
      is_default: hasDefault === undefined,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listIntegrationRows(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<IntegrationRow[]> {
  return db
    .selectFrom('integrations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .execute();
}

/** An integration id as the database writes one; any other text names no integration. */
const INTEGRATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findIntegrationRow(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  integrationId: string,
): Promise<IntegrationRow | undefined> {
  if (!INTEGRATION_ID.test(integrationId)) return undefined;
  return db
    .selectFrom('integrations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', integrationId)
    .executeTakeFirst();
}

export async function findDefaultIntegrationRow(db: Kysely<DatabaseSchema>, organizationId: string) {
  return db
    .selectFrom('integrations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

export async function renameIntegration(db: Kysely<DatabaseSchema>, integrationId: string, name: string) {
  await updateIntegrationColumns(db, integrationId, { name });
}

export async function makeDefaultIntegration(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  integrationId: string,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('integrations')
      .set({ is_default: false })
      .where('organization_id', '=', organizationId)
      .execute();
    await trx.updateTable('integrations').set({ is_default: true }).where('id', '=', integrationId).execute();
  });
}

export async function deleteIntegrationRow(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  integrationId: string,
) {
  const deleted = await db
    .deleteFrom('integrations')
    .where('organization_id', '=', organizationId)
    .where('id', '=', integrationId)
    .returning('is_default')
    .executeTakeFirst();
  if (deleted?.is_default) {
    const next = await findDefaultIntegrationRow(db, organizationId);
    if (next)
      await db.updateTable('integrations').set({ is_default: true }).where('id', '=', next.id).execute();
  }
}

export async function recordIntegrationState(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
  state: { state: string; lastError?: FailureDetails | null; freshThrough?: string | null; synced?: boolean },
) {
  await updateIntegrationColumns(db, integrationId, {
    state: state.state,
    last_error: state.lastError ? JSON.stringify(storableFailure(state.lastError)) : null,
    // greatest() ignores null: fresh-through only moves forward.
    ...(state.freshThrough
      ? { fresh_through: sql<string>`greatest(fresh_through, ${state.freshThrough}::date)` }
      : {}),
    ...(state.synced ? { last_synced_at: databaseNow() } : {}),
  });
}

/** Every integration still `syncing` ends in error with the failure; answers their ids. */
export async function endStoppedSyncs(
  db: Kysely<DatabaseSchema>,
  failure: FailureDetails,
): Promise<string[]> {
  const rows = await db
    .updateTable('integrations')
    .set({ state: 'error', last_error: JSON.stringify(storableFailure(failure)), updated_at: databaseNow() })
    .where('state', '=', 'syncing')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** For jobs, which act for no viewer: the integration by id alone. */
export async function findIntegrationRowById(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
): Promise<IntegrationRow | undefined> {
  return db.selectFrom('integrations').selectAll().where('id', '=', integrationId).executeTakeFirst();
}

export async function countIntegrations(db: Kysely<DatabaseSchema>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('integrations')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * AWS integrations whose last sync is older than the interval (or that never synced); those on the
 * server's own credentials only while the operator allows them (docs/decisions/075). One still syncing
 * (its older months with the workers included) is not due: it ends by itself, and a second sync would
 * read its newest months again. One left `syncing` for a whole interval is due again.
 */
export async function listIntegrationsDueForSync(
  db: Kysely<DatabaseSchema>,
  olderThan: Date,
  withLocalCredentials: boolean,
): Promise<Array<{ id: string }>> {
  return db
    .selectFrom('integrations')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'aws-role'), eb('role_arn', 'is not', null)]),
        ...(withLocalCredentials ? [eb('kind', '=', 'aws-local-credentials')] : []),
      ]),
    )
    .where((eb) => eb.or([eb('last_synced_at', 'is', null), eb('last_synced_at', '<', olderThan)]))
    .where((eb) => eb.or([eb('state', '!=', 'syncing'), eb('updated_at', '<', olderThan)]))
    .execute();
}

export async function updateIntegrationSettings(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
  changes: {
    settings?: unknown;
    accounts?: unknown;
    source?: string;
    roleArn?: string;
    actionRoleArn?: string | null;
  },
) {
  await updateIntegrationColumns(db, integrationId, {
    ...(changes.actionRoleArn === undefined ? {} : { action_role_arn: changes.actionRoleArn }),
    ...(changes.settings === undefined ? {} : { settings: JSON.stringify(changes.settings) }),
    ...(changes.accounts === undefined ? {} : { accounts: JSON.stringify(changes.accounts) }),
    ...(changes.source === undefined ? {} : { source: changes.source }),
    ...(changes.roleArn === undefined ? {} : { role_arn: changes.roleArn }),
  });
}

/**
 * The export deliveries ingested, merged into the stored fingerprints in one statement: workers
 * ingesting other months of the same integration write theirs at the same time (docs/decisions/082).
 */
export async function recordExportFingerprints(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
  fingerprints: Record<string, string>,
) {
  await updateIntegrationColumns(db, integrationId, {
    settings: sql`jsonb_set(coalesce(settings, '{}'::jsonb), '{exportFingerprints}',
      coalesce(settings->'exportFingerprints', '{}'::jsonb) || ${JSON.stringify(fingerprints)}::jsonb)`,
    source: 'cur-export',
  });
}

/** Top-level settings replaced in one statement, the others (written by workers meanwhile) kept. */
export async function mergeIntegrationSettings(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
  changes: Record<string, unknown>,
) {
  await updateIntegrationColumns(db, integrationId, {
    settings: sql`coalesce(settings, '{}'::jsonb) || ${JSON.stringify(changes)}::jsonb`,
  });
}

/**
 * Adds months to the integration's backfill: to the one under way, or as a new one when the last is
 * over (every month in). Answers the backfill as stored.
 */
export async function addBackfillPeriods(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
  periods: string[],
) {
  const added = JSON.stringify(periods);
  const row = await db
    .updateTable('integrations')
    .set({
      settings: sql`jsonb_set(coalesce(settings, '{}'::jsonb), '{backfill}', case
        when jsonb_array_length(coalesce(settings#>'{backfill,done}', '[]'::jsonb))
          >= jsonb_array_length(coalesce(settings#>'{backfill,periods}', '[]'::jsonb))
        then jsonb_build_object('periods', ${added}::jsonb, 'done', '[]'::jsonb, 'failed', '{}'::jsonb)
        else jsonb_set(settings->'backfill', '{periods}', (select jsonb_agg(distinct period order by period)
          from jsonb_array_elements_text((settings#>'{backfill,periods}') || ${added}::jsonb) as period)) end)`,
      updated_at: databaseNow(),
    })
    .where('id', '=', integrationId)
    .returning(sql<IntegrationSettings['backfill']>`settings->'backfill'`.as('backfill'))
    .executeTakeFirst();
  return row?.backfill;
}

/**
 * One month of the backfill ended: in (its fingerprint stored with it), or failed with why. One
 * statement, so two workers ending months at once both count. Answers the backfill as stored.
 */
export async function recordBackfilledPeriod(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
  ended: { period: string; fingerprint: string } | { period: string; failure: string },
) {
  const { period } = ended;
  const settings =
    'fingerprint' in ended
      ? sql<string>`jsonb_set(jsonb_set(jsonb_set(settings, '{exportFingerprints}',
            coalesce(settings->'exportFingerprints', '{}'::jsonb) || jsonb_build_object(${period}::text, ${ended.fingerprint}::text)),
          '{backfill,done}', (select jsonb_agg(distinct done order by done) from jsonb_array_elements_text(
            coalesce(settings#>'{backfill,done}', '[]'::jsonb) || jsonb_build_array(${period}::text)) as done)),
          '{backfill,failed}', coalesce(settings#>'{backfill,failed}', '{}'::jsonb) - ${period}::text)`
      : sql<string>`jsonb_set(settings, '{backfill,failed}', coalesce(settings#>'{backfill,failed}', '{}'::jsonb)
          || jsonb_build_object(${period}::text, ${ended.failure}::text))`;
  const row = await db
    .updateTable('integrations')
    .set({ settings, updated_at: databaseNow() })
    .where('id', '=', integrationId)
    .where(sql<boolean>`settings ? 'backfill'`)
    .returning(sql<IntegrationSettings['backfill']>`settings->'backfill'`.as('backfill'))
    .executeTakeFirst();
  return row?.backfill;
}

/** The organizations that hold the demo integration (the simulated company). */
export async function hasDemoIntegration(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('integrations')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`(settings->>'demo')::boolean`, '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * AWS integrations Spendguard can reach: a role with its ARN, or the server's own credentials while the
 * operator allows them (docs/decisions/075).
 */
export async function listReachableAwsIntegrations(
  db: Kysely<DatabaseSchema>,
  withLocalCredentials: boolean,
): Promise<Array<{ id: string; organization_id: string }>> {
  return db
    .selectFrom('integrations')
    .select(['id', 'organization_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'aws-role'), eb('role_arn', 'is not', null)]),
        ...(withLocalCredentials ? [eb('kind', '=', 'aws-local-credentials')] : []),
      ]),
    )
    .orderBy('created_at')
    .execute();
}

/** One integration's columns changed, stamped with the time of the change. */
async function updateIntegrationColumns(
  db: Kysely<DatabaseSchema>,
  integrationId: string,
  columns: UpdateObject<DatabaseSchema, 'integrations'>,
) {
  await db
    .updateTable('integrations')
    .set({ ...columns, updated_at: databaseNow() })
    .where('id', '=', integrationId)
    .execute();
}
