import { type ExpressionBuilder, type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Ec2FindingQuery, Ec2SortField } from '../../../contracts/recommendations.ts';
import type { DatabaseSchema, Ec2FindingsTable } from '../../db/schema.ts';

export type NewFindingRow = Omit<Insertable<Ec2FindingsTable>, 'id'>;

export type FindingRow = Selectable<Ec2FindingsTable> & {
  action: string | null;
  reason: string | null;
  snoozed_until: Date | null;
  acted_at: Date | null;
  acted_by_name: string | null;
};

const UPDATED_ON_REFRESH = [
  'account_id',
  'region',
  'name',
  'state',
  'finding',
  'labels',
  'current_type',
  'recommended_type',
  'vcpu',
  'memory_gib',
  'percentile',
  'cpu_percentile',
  'memory_percentile',
  'target_cpu_percent',
  'projected_cpu_percent',
  'required_memory_gib',
  'hourly_cost',
  'price_source',
  'monthly_cost_now',
  'monthly_cost_after',
  'monthly_savings',
  'idle_verdict',
  'low_use_days',
  'why',
  'candidates',
  'candidates_considered',
  'window_start',
  'window_end',
  'computed_at',
] as const;

/**
 * Writes one refresh: each instance's finding keeps its id (links and open drawers stay valid);
 * findings of instances no longer observed go.
 */
export async function replaceFindings(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  rows: NewFindingRow[],
  computedAt: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (rows.length > 0) {
      await trx
        .insertInto('ec2_findings')
        .values(rows)
        .onConflict((conflict) =>
          conflict
            .columns(['organization_id', 'integration_id', 'instance_id'])
            .doUpdateSet((eb) =>
              Object.fromEntries(UPDATED_ON_REFRESH.map((column) => [column, eb.ref(`excluded.${column}`)])),
            ),
        )
        .execute();
    }
    await trx
      .deleteFrom('ec2_findings')
      .where('organization_id', '=', organizationId)
      .where('computed_at', '<', computedAt)
      .execute();
  });
}

const SORT_COLUMNS: Record<Ec2SortField, keyof Ec2FindingsTable> = {
  savings: 'monthly_savings',
  cost_now: 'monthly_cost_now',
  cost_after: 'monthly_cost_after',
  cpu: 'cpu_percentile',
  instance: 'instance_id',
  name: 'name',
  account: 'account_id',
  region: 'region',
  finding: 'finding',
  current_type: 'current_type',
};
const NUMERIC_SORTS: Ec2SortField[] = ['savings', 'cost_now', 'cost_after', 'cpu'];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Findings joined with the dismissal or snooze that still holds for their current kind of finding. */
function findingsWithActions(db: Kysely<DatabaseSchema>, organizationId: string, now: Date) {
  return db
    .selectFrom('ec2_findings as f')
    .leftJoin('ec2_finding_actions as a', (join) =>
      join
        .onRef('a.organization_id', '=', 'f.organization_id')
        .onRef('a.integration_id', '=', 'f.integration_id')
        .onRef('a.instance_id', '=', 'f.instance_id')
        .onRef('a.finding', '=', 'f.finding')
        .on((eb) =>
          eb.or([eb('a.action', 'in', ['dismissed', 'expected']), eb('a.snoozed_until', '>', now)]),
        ),
    )
    .leftJoin('user as u', 'u.id', 'a.acted_by')
    .where('f.organization_id', '=', organizationId);
}

type FindingsScope = ReturnType<typeof findingsWithActions>;

/**
 * The findings a viewer limited to their teams' spend sees: those in the accounts they see, or of the
 * instances whose tags they see. Undefined: every finding of the organization.
 */
export interface FindingsWithin {
  accountIds: string[];
  instanceIds: string[];
}

function within(query: FindingsScope, scope: FindingsWithin | undefined): FindingsScope {
  if (!scope) return query;
  const { accountIds, instanceIds } = scope;
  if (accountIds.length === 0 && instanceIds.length === 0) return query.where(sql<boolean>`false`);
  return query.where((eb: ScopeExpressions) =>
    eb.or([
      ...(accountIds.length > 0 ? [eb('f.account_id', 'in', accountIds)] : []),
      ...(instanceIds.length > 0 ? [eb('f.instance_id', 'in', instanceIds)] : []),
    ]),
  );
}
type ScopeExpressions = ExpressionBuilder<
  DatabaseSchema & { f: Ec2FindingsTable; a: DatabaseSchema['ec2_finding_actions'] },
  'f' | 'a'
>;

function applyFilters(query: FindingsScope, filters: Omit<Ec2FindingQuery, 'sort' | 'order'>): FindingsScope {
  let filtered = query;
  if (filters.finding) filtered = filtered.where('f.finding', '=', filters.finding);
  if (filters.account) filtered = filtered.where('f.account_id', '=', filters.account);
  if (filters.region) filtered = filtered.where('f.region', '=', filters.region);
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    filtered = filtered.where((eb: ScopeExpressions) =>
      eb.or(
        (['f.instance_id', 'f.name', 'f.current_type', 'f.recommended_type'] as const).map((column) =>
          eb(column, 'ilike', pattern),
        ),
      ),
    );
  }
  if (!filters.include_dismissed) filtered = filtered.where('a.action', 'is', null);
  return filtered;
}

const SELECTED = [
  'a.action',
  'a.reason',
  'a.snoozed_until',
  'a.acted_at',
  'u.name as acted_by_name',
] as const;

export async function listFindingRows(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  query: Ec2FindingQuery,
  now: Date,
  scope?: FindingsWithin,
): Promise<FindingRow[]> {
  const direction = query.order ?? (NUMERIC_SORTS.includes(query.sort) ? 'desc' : 'asc');
  return applyFilters(within(findingsWithActions(db, organizationId, now), scope), query)
    .selectAll('f')
    .select(SELECTED)
    .orderBy(`f.${SORT_COLUMNS[query.sort]}`, (order) =>
      direction === 'desc' ? order.desc().nullsLast() : order.asc().nullsLast(),
    )
    .orderBy('f.instance_id')
    .execute() as Promise<FindingRow[]>;
}

/** Savings a person can act on among the filtered findings: idle and over-provisioned, not set aside. */
export async function sumPossibleSavings(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  query: Ec2FindingQuery,
  now: Date,
  scope?: FindingsWithin,
): Promise<string> {
  const row = await applyFilters(within(findingsWithActions(db, organizationId, now), scope), query)
    .select(
      sql<string>`coalesce(sum(f.monthly_savings) filter (where a.action is null and f.finding in ('idle', 'over-provisioned') and f.monthly_savings > 0), 0)::text`.as(
        'total',
      ),
    )
    .executeTakeFirstOrThrow();
  return row.total;
}

export async function findFindingRow(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  findingId: string,
  now: Date,
  scope?: FindingsWithin,
): Promise<FindingRow | undefined> {
  return within(findingsWithActions(db, organizationId, now), scope)
    .where('f.id', '=', findingId)
    .selectAll('f')
    .select(SELECTED)
    .executeTakeFirst() as Promise<FindingRow | undefined>;
}

/** Accounts and regions that have findings, and when the latest refresh ran. */
export async function findingFacets(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  now: Date,
  scope?: FindingsWithin,
) {
  const findings = () => within(findingsWithActions(db, organizationId, now), scope);
  const distinct = async (column: 'account_id' | 'region') =>
    (await findings().select(`f.${column}`).distinct().orderBy(`f.${column}`).execute()).map(
      (row) => row[column],
    );
  const latest = await findings()
    .select((eb) => eb.fn.max('f.computed_at').as('computed_at'))
    .executeTakeFirst();
  return {
    accounts: await distinct('account_id'),
    regions: await distinct('region'),
    computedAt: (latest?.computed_at as Date | null | undefined) ?? null,
  };
}
