/** Budgets and alert rules: what an organization asked to be warned about. */
import type { Kysely, Transaction } from 'kysely';
import type { CostFilter } from '../../../contracts/alerts.ts';
import { databaseNow } from '../../db/database-clock.ts';
import type { DatabaseSchema } from '../../db/schema.ts';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export function listBudgetRows(db: Db, organizationId: string) {
  return db
    .selectFrom('budgets')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findBudgetRow(db: Db, organizationId: string, id: string) {
  return db
    .selectFrom('budgets')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface BudgetValues {
  name: string;
  amount_usd: number;
  period: string;
  cost_basis: string;
  filter: CostFilter;
  thresholds: unknown;
  paused: boolean;
}

/** A budget's values as stored, the same on insert and update: the amount as exact text, JSON as text. */
function budgetColumns(values: BudgetValues) {
  return {
    name: values.name,
    amount_usd: String(values.amount_usd),
    period: values.period,
    cost_basis: values.cost_basis,
    filter: JSON.stringify(values.filter),
    thresholds: JSON.stringify(values.thresholds),
    paused: values.paused,
  };
}

export function insertBudget(db: Db, organizationId: string, createdBy: string, values: BudgetValues) {
  return db
    .insertInto('budgets')
    .values({
      organization_id: organizationId,
      created_by: createdBy,
      ...budgetColumns(values),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateBudget(db: Db, organizationId: string, id: string, values: BudgetValues) {
  return db
    .updateTable('budgets')
    .set({ ...budgetColumns(values), updated_at: databaseNow() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function listRuleRows(db: Db, organizationId: string) {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findRuleRow(db: Db, organizationId: string, id: string) {
  return db
    .selectFrom('alert_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface RuleValues {
  kind: string;
  name: string;
  settings: unknown;
  filter: CostFilter;
  paused: boolean;
}

/** A rule's values as stored, the same on insert and update: settings and filter as JSON text. */
function ruleColumns(values: RuleValues) {
  return {
    kind: values.kind,
    name: values.name,
    settings: JSON.stringify(values.settings),
    filter: JSON.stringify(values.filter),
    paused: values.paused,
  };
}

export function insertRule(db: Db, organizationId: string, createdBy: string, values: RuleValues) {
  return db
    .insertInto('alert_rules')
    .values({
      organization_id: organizationId,
      created_by: createdBy,
      ...ruleColumns(values),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRule(db: Db, organizationId: string, id: string, values: RuleValues) {
  return db
    .updateTable('alert_rules')
    .set({ ...ruleColumns(values), updated_at: databaseNow() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Organizations with a budget or an alert rule (the schedule evaluates each). */
export async function organizationsToEvaluate(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('budgets')
    .select('organization_id')
    .union(db.selectFrom('alert_rules').select('organization_id'))
    .execute();
  return rows.map((row) => row.organization_id);
}

/** The tables of an organization's alert settings, deleted and counted the same way. */
type AlertSettingsTable = 'budgets' | 'alert_rules';

export async function deleteOwnedRow(
  db: Db,
  table: AlertSettingsTable,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countOwnedRows(
  db: Db,
  table: AlertSettingsTable,
  organizationId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
