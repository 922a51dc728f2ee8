import {
  type LiveSpendReading,
  liveRateOf,
  meteredChargeNames,
  usualRateHistory,
  usualRateWindows,
} from '../../../domain/live-spend-alerts.ts';
import { accountOfRoleArn } from '../../../domain/role-arn.ts';
import type { AppContext } from '../../context.ts';
import { createSignal } from '../../signal.ts';
import type { AwsTarget } from '../integrations/integrations.service.ts';
import type { UsageMeterService } from './usage-meter.service.ts';

/** A meter read stored periods of an organization's integration (a successful read: the cursor's read time moved). */
export interface MeterPeriodsStored {
  organizationId: string;
  integrationId: string;
}

export interface LiveSpendReadingsDependencies {
  context: AppContext;
  usageMeter: Pick<UsageMeterService, 'usageRows' | 'meterIntegration'>;
  integrations: { awsTargetsOf(organizationId: string): Promise<AwsTarget[]> };
}

const accountOf = (target: AwsTarget): string | null =>
  target.identity?.kind === 'aws-role' ? (accountOfRoleArn(target.identity.roleArn) ?? null) : null;

/**
 * What alerts read of the usage meter (docs/decisions/096): every metered resource now as a generic
 * live-spend reading (its rate, service, account, tags, and the history its usual rate needs), and a
 * signal when a meter read stored periods, so live-spend rules are judged on them at once.
 */
export function createLiveSpendReadings(deps: LiveSpendReadingsDependencies) {
  const { db } = deps.context.database;
  const periodsStored = createSignal<MeterPeriodsStored>({
    failure: 'a listener failed after a meter read',
    detailsOf: (event) => ({ integrationId: event.integrationId }),
    log: deps.context.log,
  });

  /** The organization and latest successful read of an integration's meter (its own cursors). */
  async function lastRead(integrationId: string) {
    const row = await db
      .selectFrom('usage_meter_cursors')
      .select(['organization_id'])
      .select((eb) => eb.fn.max('last_read_at').as('last_read_at'))
      .where('integration_id', '=', integrationId)
      .groupBy('organization_id')
      .executeTakeFirst();
    if (!row) return null;
    const at = row.last_read_at === null ? null : new Date(row.last_read_at as Date | string).getTime();
    return { organizationId: row.organization_id, lastReadAtMs: at };
  }

  /** The stored periods the usual rates need, and each resource's first stored period. */
  async function historyOf(organizationId: string, atMs: number) {
    const windows = usualRateWindows(atMs);
    const ranges = [windows.recent, windows.pastDay, ...windows.weeks];
    const periods = await db
      .selectFrom('usage_meter_periods')
      .select(['integration_id', 'region', 'charge', 'resource_id', 'period_start', 'quantity'])
      .where('organization_id', '=', organizationId)
      .where((eb) =>
        eb.or(
          ranges.map((range) =>
            eb.and([
              eb('period_start', '>=', new Date(range.startMs)),
              eb('period_start', '<', new Date(range.endMs)),
            ]),
          ),
        ),
      )
      .execute();
    const firsts = await db
      .selectFrom('usage_meter_periods')
      .select(['integration_id', 'region', 'charge', 'resource_id'])
      .select((eb) => eb.fn.min('period_start').as('first'))
      .where('organization_id', '=', organizationId)
      .groupBy(['integration_id', 'region', 'charge', 'resource_id'])
      .execute();
    const keyOf = (row: { integration_id: string; region: string; charge: string; resource_id: string }) =>
      `${row.integration_id}/${row.region}/${row.charge}/${row.resource_id}`;
    const byKey = new Map<string, Array<{ periodStartMs: number; quantity: number }>>();
    for (const row of periods)
      byKey.set(keyOf(row), [
        ...(byKey.get(keyOf(row)) ?? []),
        { periodStartMs: new Date(row.period_start).getTime(), quantity: Number(row.quantity) },
      ]);
    const firstOf = new Map(
      firsts.map((row) => [keyOf(row), new Date(row.first as Date | string).getTime()]),
    );
    return { periodsOf: (key: string) => byKey.get(key) ?? [], firstOf: (key: string) => firstOf.get(key) };
  }

  return {
    onPeriodsStored: periodsStored.subscribe,

    /**
     * One meter read (the worker's job calls this), then, when it stored periods, the listeners: a read
     * that failed or found nothing new tells nobody.
     */
    async meterIntegration(integrationId: string): Promise<'continue' | 'stop'> {
      const before = await lastRead(integrationId);
      const outcome = await deps.usageMeter.meterIntegration(integrationId);
      const after = await lastRead(integrationId);
      if (after && after.lastReadAtMs !== null && after.lastReadAtMs !== before?.lastReadAtMs)
        await periodsStored.emit({ organizationId: after.organizationId, integrationId });
      return outcome;
    },

    /** Every metered resource of the organization at `atMs`, as live-spend rules judge it. */
    async readingsOf(organizationId: string, atMs: number): Promise<LiveSpendReading[]> {
      const rows = await deps.usageMeter.usageRows(organizationId, { atMs });
      if (rows.length === 0) return [];
      const targets = new Map(
        (await deps.integrations.awsTargetsOf(organizationId)).map((target) => [target.id, target]),
      );
      const history = await historyOf(organizationId, atMs);
      return rows.map((row): LiveSpendReading => {
        const key = `${row.integrationId}/${row.region}/${row.charge}/${row.resourceId}`;
        const target = targets.get(row.integrationId);
        const names = meteredChargeNames(row.charge);
        return {
          key,
          integrationId: row.integrationId,
          accountId: target ? accountOf(target) : null,
          region: row.region,
          charge: row.charge,
          ...names,
          resourceId: row.resourceId,
          lastHourQuantity: row.lastHourQuantity,
          unit: row.unit,
          ...liveRateOf(
            { quantity: row.lastHourQuantity, usd: row.usdPerHour },
            history.periodsOf(key),
            atMs,
            deps.context.config.usageMeter.periodSeconds * 1000,
          ),
          ...(row.priceUnknownReason ? { priceUnknownReason: row.priceUnknownReason } : {}),
          lastDatapointAtMs: row.lastDatapointAtMs,
          tags: row.tags ?? {},
          owner: row.owner,
          ...usualRateHistory(history.periodsOf(key), atMs, history.firstOf(key) ?? atMs),
        };
      });
    },

    /** The integration names of an organization, for the alert's "where". */
    async integrationNames(organizationId: string): Promise<Map<string, string>> {
      return new Map(
        (await deps.integrations.awsTargetsOf(organizationId)).map((target) => [target.id, target.name]),
      );
    },
  };
}

export type LiveSpendReadings = ReturnType<typeof createLiveSpendReadings>;
