import type { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import type {
  NatLeakAnswer,
  NatLeakInput,
  UsageMeterQuery,
  UsageMeterView,
} from '../../../contracts/usage-meter.ts';
import { COMMERCIAL_AWS_REGIONS } from '../../../domain/launch-event-regions.ts';
import { storableText } from '../../../domain/storable-text.ts';
import { meterWindow } from '../../../domain/usage-meter-window.ts';
import { type MeteredCharge, usagePriceOf } from '../../../domain/usage-prices.ts';
import { type UsageSpend, usageSpendOf } from '../../../domain/usage-spend.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import { awsClients } from '../integrations/aws/aws-clients.ts';
import { isThrottling } from '../integrations/aws/aws-failure.ts';
import { type AwsSession, openAwsSession } from '../integrations/aws/aws-session.ts';
import type { AwsTarget, IntegrationsService } from '../integrations/integrations.service.ts';
import { listNatGateways, readNatGatewayPeriods } from './nat-gateway-reader.ts';
import {
  cursorsOfOrganization,
  listCursors,
  listPeriods,
  type MeterCursorRow,
  type MeterSeries,
  recordReadFailure,
  storeRead,
} from './usage-meter.repository.ts';

/** The regions are listed again about hourly: a NAT gateway in a new region is metered within the hour. */
const DISCOVER_EVERY_MS = 3_600_000;
/** A region that has not answered ListMetrics by then is skipped this round. */
const DISCOVERY_TIMEOUT_MS = 5_000;
/** The rows read the last day and a bit: today (UTC) and the last hour. */
const ROWS_HISTORY_MS = 26 * 3_600_000;
const NAT_CHARGE: MeteredCharge = 'nat-gateway-data-processed';

export interface UsageMeterDependencies {
  context: AppContext;
  integrations: Pick<IntegrationsService, 'awsTargetOf' | 'awsTargetsOf' | 'listReachableAws'>;
}

/** One metered resource, priced, as the live ledger shows it. */
export interface UsageRow extends UsageSpend {
  integrationId: string;
  region: string;
  charge: MeteredCharge;
  resourceId: string;
  unit: 'GB';
  priceSource?: string;
}

/** What the integration card says of its meter. */
export interface MeterState {
  integrationId: string;
  regions: Array<{ region: string; charge: string; lastReadAtMs: number | null; error: string | null }>;
  metricsRequested: number;
}

const errorName = (error: unknown) =>
  (error as { Code?: string; name?: string })?.Code ?? (error as Error)?.name ?? 'Error';
const isAccessDenied = (error: unknown) => /AccessDenied|UnauthorizedOperation/.test(errorName(error));

/** Why a read failed, in the words the card shows. */
function failureMessage(error: unknown, region: string): string {
  if (isAccessDenied(error))
    return `The role may not read CloudWatch metrics in ${region} (${errorName(error)}): update the stack so the role has cloudwatch:GetMetricData and cloudwatch:ListMetrics. The other regions and services keep being metered.`;
  if (isThrottling(error))
    return `CloudWatch is throttling the meter in ${region} (${errorName(error)}): the next read catches up with no gap.`;
  return `Reading the usage metrics in ${region} failed: ${storableText((error as Error)?.message ?? String(error))}`;
}

/**
 * The live meter of usage-driven spend (docs/decisions/091): reads each AWS integration's NAT gateway
 * bytes from CloudWatch every METER_INTERVAL_SECONDS, stores them per five-minute period, and prices
 * them for the live ledger.
 */
export function createUsageMeterService(deps: UsageMeterDependencies) {
  const { context } = deps;
  const { db } = context.database;
  const access = context.aws ?? { region: context.config.aws.region };
  const now = () => context.clock.now();
  /** A series that failed before its first read starts, once it reads, where a first read would have. */
  const firstReadStartMs = () => meterWindow(undefined, now().getTime())?.startMs ?? now().getTime();
  const discovered = new Map<string, { atMs: number; regions: string[] }>();

  /**
   * The regions where the account has NAT gateways (ListMetrics in every commercial region, about
   * hourly). A refusal is kept to be named on the card when no region could be listed.
   */
  async function discoverRegions(
    session: AwsSession,
    integrationId: string,
  ): Promise<{ regions: string[]; refusal?: unknown }> {
    const known = discovered.get(integrationId);
    const nowMs = now().getTime();
    if (known && nowMs - known.atMs < DISCOVER_EVERY_MS) return { regions: known.regions };
    let refusal: unknown;
    const answers = await Promise.all(
      COMMERCIAL_AWS_REGIONS.map(async (region) => {
        const { cloudWatch } = awsClients({ ...access, maxAttempts: 1 }, session.credentials, region);
        try {
          const ids = await Promise.race([
            listNatGateways(cloudWatch),
            new Promise<string[]>((resolve) => setTimeout(() => resolve([]), DISCOVERY_TIMEOUT_MS).unref()),
          ]);
          return ids.length > 0 ? region : undefined;
        } catch (error) {
          // A region not enabled for the account answers an error too: only a refusal is named.
          if (isAccessDenied(error)) refusal ??= error;
          return undefined;
        } finally {
          cloudWatch.destroy();
        }
      }),
    );
    const regions = answers.filter((region): region is string => region !== undefined);
    if (refusal === undefined || regions.length > 0) discovered.set(integrationId, { atMs: nowMs, regions });
    return { regions, refusal };
  }

  async function meterRegion(series: MeterSeries, client: CloudWatchClient, cursor?: MeterCursorRow) {
    const window = meterWindow(cursor?.settledThroughMs, now().getTime());
    if (!window) return;
    try {
      const gatewayIds = await listNatGateways(client);
      const read = await readNatGatewayPeriods(client, gatewayIds, window);
      await storeRead(db, series, {
        resources: read.resources,
        settledThroughMs: window.settledThroughMs,
        metricsRequested: read.metricsRequested,
        readAt: now(),
      });
    } catch (error) {
      context.log.warn(
        { err: error, integrationId: series.integrationId, region: series.region },
        'a meter read failed',
      );
      await recordReadFailure(db, series, {
        message: failureMessage(error, series.region),
        windowStartMs: window.startMs,
      });
    }
  }

  async function meter(target: AwsTarget): Promise<void> {
    if (!target.identity) return;
    const home = target.exportRegion ?? access.region;
    const seriesIn = (region: string): MeterSeries => ({
      organizationId: target.organizationId,
      integrationId: target.id,
      region,
      charge: NAT_CHARGE,
    });
    let session: AwsSession;
    try {
      session = await openAwsSession(access, target.identity);
    } catch (error) {
      await recordReadFailure(db, seriesIn(home), {
        message: `The meter could not reach the account: ${storableText((error as Error).message)}`,
        windowStartMs: firstReadStartMs(),
      });
      return;
    }
    const cursors = await listCursors(db, target.id);
    const discovery = await discoverRegions(session, target.id);
    const regions = new Set(discovery.regions);
    if (regions.size === 0 && discovery.refusal !== undefined)
      await recordReadFailure(db, seriesIn(home), {
        message: failureMessage(discovery.refusal, home),
        windowStartMs: firstReadStartMs(),
      });
    for (const cursor of cursors) if (cursor.lastReadAtMs !== null) regions.add(cursor.region);
    for (const region of [...regions].sort()) {
      const { cloudWatch } = awsClients(access, session.credentials, region);
      try {
        const cursor = cursors.find((row) => row.region === region && row.charge === NAT_CHARGE);
        await meterRegion(seriesIn(region), cloudWatch, cursor);
      } finally {
        cloudWatch.destroy();
      }
    }
  }

  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

  async function usageRows(
    organizationId: string,
    options: { integrationIds?: readonly string[]; atMs?: number } = {},
  ): Promise<UsageRow[]> {
    const atMs = options.atMs ?? now().getTime();
    const periods = await listPeriods(db, organizationId, {
      since: new Date(atMs - ROWS_HISTORY_MS),
      integrationIds: options.integrationIds,
    });
    const byResource = new Map<string, typeof periods>();
    for (const period of periods) {
      if (period.periodStartMs >= atMs) continue;
      const key = `${period.integrationId}|${period.region}|${period.charge}|${period.resourceId}`;
      byResource.set(key, [...(byResource.get(key) ?? []), period]);
    }
    return [...byResource.values()]
      .map((resourcePeriods) => {
        const { integrationId, region, charge, resourceId } = resourcePeriods[0]!;
        const price = usagePriceOf(charge, region);
        return {
          integrationId,
          region,
          charge,
          resourceId,
          unit: 'GB' as const,
          ...(price.status === 'priced' ? { priceSource: price.source } : {}),
          ...usageSpendOf(resourcePeriods, price, atMs),
        };
      })
      .sort(
        (a, b) => (b.usdPerHour ?? -1) - (a.usdPerHour ?? -1) || a.resourceId.localeCompare(b.resourceId),
      );
  }

  /** Each integration's meter: the regions read, how the last read went, the metrics requested. */
  async function states(organizationId: string): Promise<MeterState[]> {
    const cursors = await cursorsOfOrganization(db, organizationId);
    return [...cursors].map(([integrationId, rows]) => ({
      integrationId,
      regions: rows.map((row) => ({
        region: row.region,
        charge: row.charge,
        lastReadAtMs: row.lastReadAtMs,
        error: row.lastError,
      })),
      metricsRequested: rows.reduce((sum, row) => sum + row.metricsRequested, 0),
    }));
  }

  return {
    usageRows,
    states,

    /** POST /api/demo/nat-egress-leak: the in-process simulator's NAT gateway in the organization's demo account leaks. */
    async startDemoNatLeak(viewer: Viewer, input: NatLeakInput): Promise<NatLeakAnswer> {
      const fleet = context.aws?.simulator;
      if (!fleet) throw notFound('The demo NAT egress leak (it runs only with the built-in AWS simulator)');
      const accounts = (await deps.integrations.awsTargetsOf(viewer.organizationId))
        .sort((a, b) => Number(b.demo) - Number(a.demo))
        .flatMap((target) =>
          target.identity?.kind === 'aws-role' ? [target.identity.roleArn.split(':')[4]] : [],
        );
      const gateway = fleet
        .natGateways()
        .filter((candidate) => accounts.includes(candidate.accountId))
        .sort((a, b) => accounts.indexOf(a.accountId) - accounts.indexOf(b.accountId))[0];
      if (!gateway)
        throw new ApiError(
          409,
          'NoSimulatorIntegration',
          'Connect the demo AWS account first: the leak runs through a NAT gateway of a simulated account your organization has connected.',
        );
      fleet.startNatLeak({ natGatewayId: gateway.natGatewayId, gbPerHour: input.gb_per_hour });
      return {
        nat_gateway_id: gateway.natGatewayId,
        region: gateway.region,
        account_id: gateway.accountId,
        gb_per_hour: input.gb_per_hour,
      };
    },

    /** GET /api/usage-meter: the viewer's organization; another organization's integration is not found. */
    async view(viewer: Viewer, query: UsageMeterQuery): Promise<UsageMeterView> {
      const organizationId = viewer.organizationId;
      if (query.integration_id) {
        const target = await deps.integrations.awsTargetOf(query.integration_id);
        if (!target || target.organizationId !== organizationId) throw notFound('Integration');
      }
      const integrationIds = query.integration_id ? [query.integration_id] : undefined;
      const [rows, meters] = await Promise.all([
        usageRows(organizationId, { integrationIds }),
        states(organizationId),
      ]);
      return {
        rows: rows.map((row) => ({
          integration_id: row.integrationId,
          region: row.region,
          charge: row.charge,
          resource_id: row.resourceId,
          unit: row.unit,
          last_hour_quantity: row.lastHourQuantity,
          today_quantity: row.todayQuantity,
          usd_per_hour: row.usdPerHour,
          usd_per_day: row.usdPerDay,
          today_usd: row.todayUsd,
          last_datapoint_at: iso(row.lastDatapointAtMs),
          price_unknown_reason: row.priceUnknownReason ?? null,
          price_source: row.priceSource ?? null,
        })),
        meters: meters
          .filter((meter) => !integrationIds || integrationIds.includes(meter.integrationId))
          .map((meter) => ({
            integration_id: meter.integrationId,
            regions: meter.regions.map((region) => ({
              region: region.region,
              charge: region.charge,
              last_read_at: iso(region.lastReadAtMs),
              error: region.error,
            })),
            metrics_requested: meter.metricsRequested,
          })),
        interval_seconds: context.config.usageMeter.intervalSeconds,
      };
    },

    /**
     * One read of an integration's meter (the worker's job calls this every METER_INTERVAL_SECONDS):
     * 'stop' when it is gone or has no AWS role. Never throws for AWS's answers: they are kept on the card.
     */
    async meterIntegration(integrationId: string): Promise<'continue' | 'stop'> {
      if (!context.config.usageMeter.enabled) return 'stop';
      const target = await deps.integrations.awsTargetOf(integrationId);
      if (target?.identity?.kind !== 'aws-role') return 'stop';
      await meter(target);
      return 'continue';
    },

    /** The integrations the meter reads: those with an AWS role. */
    async meteredIntegrations(): Promise<Array<{ id: string }>> {
      if (!context.config.usageMeter.enabled) return [];
      const reachable = await deps.integrations.listReachableAws();
      const targets = await Promise.all(reachable.map((row) => deps.integrations.awsTargetOf(row.id)));
      return targets.flatMap((target) => (target?.identity?.kind === 'aws-role' ? [{ id: target.id }] : []));
    },
  };
}

export type UsageMeterService = ReturnType<typeof createUsageMeterService>;
