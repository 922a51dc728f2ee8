import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, Ec2InstanceMetricsTable, Ec2InstancesTable } from '../../db/schema.ts';
import type { CollectedInstance } from '../integrations/aws/ec2-inventory-collector.ts';

// The EC2 inventory and its hourly metrics: recommendations owns them (decision 034). Each AWS sync
// hands what it collected to RecommendationsService.storeEc2Inventory; the idle and rightsizing rules read them.

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

const METRICS_KEPT_MS = 31 * 86_400_000;

/**
 * Replaces an account's inventory with what was just observed (instances gone from AWS go from the
 * table) and adds the metric hours not stored yet, in one transaction.
 */
export async function storeEc2Inventory(
  db: Kysely<DatabaseSchema>,
  owner: { organizationId: string; integrationId: string; accountId: string; observedAt: Date },
  instances: CollectedInstance[],
): Promise<{ instances: number; metricHours: number }> {
  let metricHours = 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('ec2_instances')
      .where('integration_id', '=', owner.integrationId)
      .where('account_id', '=', owner.accountId)
      .execute();
    for (const instance of instances) {
      await trx
        .insertInto('ec2_instances')
        .values({
          organization_id: owner.organizationId,
          integration_id: owner.integrationId,
          instance_id: instance.instanceId,
          account_id: instance.accountId || owner.accountId,
          region: instance.region,
          instance_type: instance.instanceType,
          state: instance.state,
          name: instance.name,
          platform: instance.platform,
          architecture: instance.architecture,
          launch_time: instance.launchTime,
          auto_scaling_group: instance.autoScalingGroup,
          tags: JSON.stringify(instance.tags),
          observed_at: owner.observedAt,
        })
        .onConflict((conflict) => conflict.columns(['integration_id', 'instance_id']).doNothing())
        .execute();
      const hours = instance.hours.map((hour) => ({
        organization_id: owner.organizationId,
        integration_id: owner.integrationId,
        instance_id: instance.instanceId,
        ...hour,
      }));
      for (let offset = 0; offset < hours.length; offset += 500) {
        await trx
          .insertInto('ec2_instance_metrics')
          .values(hours.slice(offset, offset + 500))
          .onConflict((conflict) =>
            conflict.columns(['integration_id', 'instance_id', 'hour']).doUpdateSet((excluded) => ({
              cpu_max_percent: excluded.ref('excluded.cpu_max_percent'),
              cpu_average_percent: excluded.ref('excluded.cpu_average_percent'),
              network_in_bytes: excluded.ref('excluded.network_in_bytes'),
              network_out_bytes: excluded.ref('excluded.network_out_bytes'),
              memory_max_percent: excluded.ref('excluded.memory_max_percent'),
            })),
          )
          .execute();
      }
      metricHours += hours.length;
    }
    // The rules read 14 days; a month is kept so a chart can show what changed.
    await trx
      .deleteFrom('ec2_instance_metrics')
      .where('integration_id', '=', owner.integrationId)
      .where('hour', '<', new Date(owner.observedAt.getTime() - METRICS_KEPT_MS))
      .execute();
  });
  return { instances: instances.length, metricHours };
}

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

/** The type of each instance the collector saw in the organization (a launch event without a trail names none). */
export async function listInstanceTypes(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('ec2_instances')
    .select(['instance_id', 'instance_type'])
    .where('organization_id', '=', organizationId)
    .execute();
  return new Map(rows.map((row) => [row.instance_id, row.instance_type]));
}

/** Each instance's tags (integration and instance id as the key), to name the team that owns a finding. */
export async function listInstanceTags(
  db: Kysely<DatabaseSchema>,
  organizationId: string,
): Promise<Map<string, Record<string, string>>> {
  const rows = await db
    .selectFrom('ec2_instances')
    .select(['integration_id', 'instance_id', 'tags'])
    .where('organization_id', '=', organizationId)
    .execute();
  return new Map(
    rows.map((row) => [`${row.integration_id}/${row.instance_id}`, row.tags as Record<string, string>]),
  );
}
