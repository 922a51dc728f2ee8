import { type Kysely, type Selectable, sql } from 'kysely';
import type { DatabaseSchema, Ec2InstanceMetricsTable, Ec2InstancesTable } from '../../db/schema.ts';

export type InstanceRow = Selectable<Ec2InstancesTable>;
export type InstanceMetricRow = Pick<
  Selectable<Ec2InstanceMetricsTable>,
  | 'instance_id'
  | 'hour'
  | 'cpu_max_percent'
  | 'cpu_average_percent'
  | 'network_in_bytes'
  | 'network_out_bytes'
  | 'memory_max_percent'
>;

/** Instances the collector last saw, terminated ones left out (they cost nothing and cannot change). */
export async function listObservedInstances(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<InstanceRow[]> {
  return db
    .selectFrom('ec2_instances')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('state', 'not in', ['terminated', 'shutting-down'])
    .orderBy('instance_id')
    .execute();
}

const METRIC_COLUMNS = [
  'instance_id',
  'hour',
  'cpu_max_percent',
  'cpu_average_percent',
  'network_in_bytes',
  'network_out_bytes',
  'memory_max_percent',
] as const;

/** Hourly metrics of an integration's instances in [from, to). */
export async function listHourlyMetrics(
  db: Kysely<DatabaseSchema>,
  scope: { organizationId: string; integrationId: string; instanceId?: string },
  from: Date,
  to: Date,
): Promise<InstanceMetricRow[]> {
  let query = db
    .selectFrom('ec2_instance_metrics')
    .select(METRIC_COLUMNS)
    .where('organization_id', '=', scope.organizationId)
    .where('integration_id', '=', scope.integrationId)
    .where('hour', '>=', from)
    .where('hour', '<', to);
  if (scope.instanceId) query = query.where('instance_id', '=', scope.instanceId);
  return query.orderBy('instance_id').orderBy('hour').execute();
}

export interface BilledInstanceHours {
  instanceId: string;
  amortizedCost: string;
  hours: string;
}

/**
 * What each instance's hours cost on the bill between two days: amortized cost (Savings Plan and
 * reservation rates applied) of its BoxUsage lines, on demand or covered, and the hours they billed.
 */
export async function listBilledInstanceHours(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
  fromDay: string,
  toDay: string,
): Promise<BilledInstanceHours[]> {
  const rows = await db
    .selectFrom('cost_daily_facts')
    .select([
      'resource_id',
      sql<string>`sum(amortized_cost)::text`.as('amortized_cost'),
      sql<string>`sum(usage_quantity)::text`.as('hours'),
    ])
    .where('organization_id', '=', organizationId)
    .where('resource_id', 'is not', null)
    .where('usage_date', '>=', fromDay)
    .where('usage_date', '<=', toDay)
    .where('charge_type', 'in', ['Usage', 'SavingsPlanCoveredUsage', 'DiscountedUsage'])
    .where('usage_type', 'like', '%BoxUsage%')
    .groupBy('resource_id')
    .having(sql`sum(usage_quantity)`, '>', 0)
    .execute();
  return rows.map((row) => ({
    instanceId: row.resource_id!,
    amortizedCost: row.amortized_cost,
    hours: row.hours,
  }));
}
