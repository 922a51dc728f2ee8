/**
 * Recomputes an organization's EC2 findings from what the collector stored: instances, 14 days of
 * hourly metrics ending yesterday (UTC), each instance's billed hourly cost, and the catalog priced
 * for its region.
 */

import type { Kysely } from 'kysely';
import type { PriceSource } from '../../../contracts/recommendations.ts';
import { addDays, isoDayOfInstant } from '../../../domain/calendar-days.ts';
import { UNRESTRICTED } from '../../../domain/cost-scope.ts';
import { evaluateEc2Instance } from '../../../domain/ec2-instance-evaluation.ts';
import { RIGHTSIZING_LOOKBACK_DAYS } from '../../../domain/hourly-metrics-window.ts';
import type { InstanceHourMetrics } from '../../../domain/instance-metric-days.ts';
import type { RightsizingSettings } from '../../../domain/rightsizing.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { type CostSlices, NO_FILTER } from '../cost-data/cost-slices.service.ts';
import type { NewFindingRow } from './ec2-findings.repository.ts';
import {
  type InstanceMetricRow,
  type InstanceRow,
  listHourlyMetrics,
  listObservedInstances,
} from './ec2-inventory.repository.ts';
import { toFindingRow } from './finding-rows.ts';
import type { RegionalPricing, RegionCatalog } from './regional-pricing.ts';

export function findingWindow(now: Date) {
  const end = addDays(isoDayOfInstant(now), -1);
  return { start: addDays(end, -(RIGHTSIZING_LOOKBACK_DAYS - 1)), end };
}

const toHourMetrics = (row: InstanceMetricRow): InstanceHourMetrics => ({
  hour: row.hour.toISOString(),
  cpuMaxPercent: row.cpu_max_percent,
  cpuAveragePercent: row.cpu_average_percent,
  networkInBytes: row.network_in_bytes,
  networkOutBytes: row.network_out_bytes,
  memoryMaxPercent: row.memory_max_percent,
});

async function metricsByInstance(
  db: Kysely<DatabaseSchema>,
  instances: InstanceRow[],
  window: { start: string; end: string },
): Promise<Map<string, InstanceHourMetrics[]>> {
  const byInstance = new Map<string, InstanceHourMetrics[]>();
  const from = new Date(`${window.start}T00:00:00Z`);
  const to = new Date(`${addDays(window.end, 1)}T00:00:00Z`);
  const integrations = new Set(instances.map((instance) => instance.integration_id));
  for (const integrationId of integrations) {
    const organizationId = instances[0]!.organization_id;
    for (const row of await listHourlyMetrics(db, { organizationId, integrationId }, from, to)) {
      const key = `${integrationId}/${row.instance_id}`;
      const hours = byInstance.get(key) ?? [];
      hours.push(toHourMetrics(row));
      byInstance.set(key, hours);
    }
  }
  return byInstance;
}

/** What each instance's hour cost on the bill in the window, across every integration of the organization. */
async function billedHourlyCosts(
  spend: BilledHoursSource,
  organizationId: string,
  window: { start: string; end: string },
) {
  const billed = await spend.billedInstanceHours({
    organizationId,
    integrations: 'all',
    scope: UNRESTRICTED,
    filter: NO_FILTER,
    start: window.start,
    end: window.end,
    basis: 'amortized',
  });
  return new Map(billed.map((row) => [row.instanceId, Number(row.amortizedCost) / Number(row.hours)]));
}

async function catalogsByRegion(pricing: RegionalPricing, instances: InstanceRow[]) {
  const catalogs = new Map<string, RegionCatalog>();
  for (const region of new Set(instances.map((instance) => instance.region))) {
    catalogs.set(region, await pricing.catalogFor(region));
  }
  return catalogs;
}

export type BilledHoursSource = Pick<CostSlices, 'billedInstanceHours'>;

export async function computeFindingRows(
  db: Kysely<DatabaseSchema>,
  spend: BilledHoursSource,
  pricing: RegionalPricing,
  organizationId: string,
  settings: RightsizingSettings,
  computedAt: Date,
): Promise<NewFindingRow[]> {
  const window = findingWindow(computedAt);
  const instances = await listObservedInstances(db, organizationId);
  if (instances.length === 0) return [];
  const metrics = await metricsByInstance(db, instances, window);
  const billed = await billedHourlyCosts(spend, organizationId, window);
  const catalogs = await catalogsByRegion(pricing, instances);
  return instances.map((instance) => {
    const { catalog, source } = catalogs.get(instance.region)!;
    const currentSpec = catalog.find((spec) => spec.type === instance.instance_type);
    const billedHourly = billed.get(instance.instance_id) ?? null;
    const evaluation = evaluateEc2Instance({
      instance: {
        instanceId: instance.instance_id,
        instanceType: instance.instance_type,
        state: instance.state,
        autoScalingGroup: instance.auto_scaling_group,
        billedHourlyCostUsd: billedHourly,
      },
      catalog,
      hours: metrics.get(`${instance.integration_id}/${instance.instance_id}`) ?? [],
      windowEnd: window.end,
      settings,
    });
    const priceSource: PriceSource = billedHourly !== null ? 'billed' : source;
    return toFindingRow({
      instance,
      evaluation,
      currentSpec,
      hourlyCostUsd: billedHourly ?? currentSpec?.hourlyPriceUsd ?? null,
      priceSource,
      settings,
      window,
      computedAt,
    });
  });
}
