import type { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import type {
  DemoScenarioAnswer,
  LambdaLoopInput,
  LoggingFloodInput,
  NatLeakAnswer,
  NatLeakInput,
  TokenSpikeInput,
  UsageMeterQuery,
  UsageMeterView,
} from '../../../contracts/usage-meter.ts';
import { type CostScope, isCostInScope } from '../../../domain/cost-scope.ts';
import { COMMERCIAL_AWS_REGIONS } from '../../../domain/launch-event-regions.ts';
import {
  accuracyByService,
  meterAccuracyLine,
  SERVICE_LABELS,
  type ServiceAccuracy,
} from '../../../domain/meter-accuracy.ts';
import { TRIPWIRE_RULES, tripwireMetricsOf } from '../../../domain/meter-tripwire.ts';
import {
  type MeteredOwner,
  meteredOwnerOf,
  type ResourceTagsRead,
  UNTAGGABLE_REASON,
} from '../../../domain/metered-owner.ts';
import { accountOfRoleArn } from '../../../domain/role-arn.ts';
import { storableText } from '../../../domain/storable-text.ts';
import {
  meterMonthlyCostUsd,
  serviceReadEveryMs,
  tripwireReadShape,
} from '../../../domain/usage-meter-cost.ts';
import { meterWindow } from '../../../domain/usage-meter-window.ts';
import {
  METERED_SERVICES,
  type MeteredCharge,
  type MeteredService,
  USAGE_PRICE_TABLES,
  type UsageUnit,
  usagePriceOf,
} from '../../../domain/usage-prices.ts';
import { type UsageSpend, usageSpendOf } from '../../../domain/usage-spend.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import { awsClients, lambdaClient, taggingClient } from '../integrations/aws/aws-clients.ts';
import { isThrottling } from '../integrations/aws/aws-failure.ts';
import { type AwsSession, openAwsSession } from '../integrations/aws/aws-session.ts';
import type { AwsTarget, IntegrationsService } from '../integrations/integrations.service.ts';
import type { LaunchEventsService } from '../launch-events/launch-events.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { accuracyOfOrganization } from './meter-accuracy.repository.ts';
import { createMeterAccuracy } from './meter-accuracy.service.ts';
import {
  METERED_SERVICE_DEFINITIONS,
  type MeteredServiceDefinition,
  type RegionClients,
  serviceOfCharge,
} from './metered-services.ts';
import { listDimensionValues, readChargePeriods } from './metric-reader.ts';
import { type RegionResourceTags, readRegionResourceTags } from './resource-tags.ts';
import { tripwireTripped } from './tripwire-reader.ts';
import {
  cursorsOfOrganization,
  listCursors,
  listPeriods,
  type MeterCursorRow,
  type MeterSeries,
  recordReadFailure,
  storeRead,
} from './usage-meter.repository.ts';

/** The regions are listed again about hourly: a service used in a new region is metered within the hour. */
const DISCOVER_EVERY_MS = 3_600_000;
/** A region that has not answered ListMetrics by then is skipped this round. */
const DISCOVERY_TIMEOUT_MS = 5_000;
/** The most models the demo's token spikes call in one process's simulated accounts. */
const MAX_DEMO_MODELS = 10;
/** The rows read the last day and a bit: today (UTC) and the last hour. */
const ROWS_HISTORY_MS = 26 * 3_600_000;

export interface UsageMeterDependencies {
  context: AppContext;
  integrations: Pick<IntegrationsService, 'awsTargetOf' | 'awsTargetsOf' | 'listReachableAws'>;
  /** The bill the meter is checked against (docs/decisions/112); without it, no check. */
  costData?: Pick<CostDataService, 'slices'>;
  /** Where the accounts just launched something: metered from the next read (docs/decisions/144). */
  launches?: Pick<LaunchEventsService, 'regionsStartedBetween'>;
  /** What a member restricted to teams may see; without it, everyone sees the organization's. */
  organizations?: Pick<OrganizationsService, 'costScopeFor'>;
}

/** One metered resource, priced, as the live ledger shows it. */
export interface UsageRow extends UsageSpend {
  integrationId: string;
  region: string;
  service: MeteredService;
  charge: MeteredCharge;
  resourceId: string;
  resourceLabel: string;
  unit: UsageUnit;
  priceSource?: string;
  /** Set when the quantity is an estimate of what the bill charges, with why. */
  estimate?: string;
  /** Set when the resource is no longer listed (deleted): its $ an hour is null. */
  stopped?: string;
  /** Its tags as the last read found them (empty when it has none); undefined when they are not known. */
  tags?: Readonly<Record<string, string>>;
  /** Who owns it by its tags (docs/decisions/125). */
  owner: MeteredOwner;
}

/** A region's tags as one read found them, or why they could not be read (kept only when it lasts). */
type RegionTagsOutcome = { tags: RegionResourceTags } | { reason: string; lasting: boolean };

/** What the integration card says of its meter. */
export interface MeterState {
  integrationId: string;
  regions: Array<{
    region: string;
    service: MeteredService;
    charge: string;
    lastReadAtMs: number | null;
    error: string | null;
    leftOut: number;
    metricsPerRead: number;
    readEveryMs: number;
  }>;
  services: Array<{
    service: MeteredService;
    state: 'metered' | 'failing' | 'not-metered';
    error: string | null;
    lastReadAtMs: number | null;
    readEveryMs: number;
  }>;
  metricsRequested: number;
  leftOut: number;
  /** The meter against the bill per service, the latest days first (docs/decisions/112). */
  accuracy: ServiceAccuracy[];
  monthlyCostUsd: number;
}

/** The card shows each service's latest three days the bill covers, from the last two weeks. */
const ACCURACY_DAYS_SHOWN = 3;
const ACCURACY_SHOWN_MS = 14 * 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const RESOURCE_NOUNS: Record<MeteredService, string> = {
  'nat-gateway': 'NAT gateway',
  lambda: 'Lambda function',
  logs: 'Log group',
  dynamodb: 'DynamoDB table',
  bedrock: 'Bedrock model',
  'ec2-egress': 'EC2 instance',
};

/** The row's owner as the API answers it: a name and its tag key, or a note saying why there is none. */
const ownerView = (owner: MeteredOwner) =>
  owner.kind === 'tag'
    ? { name: owner.value, tag: owner.key, note: null }
    : {
        name: null,
        tag: null,
        note: owner.kind === 'no-owner-tag' ? 'no owner tag' : `not known: ${owner.reason}`,
      };

const errorName = (error: unknown) =>
  (error as { Code?: string; name?: string })?.Code ?? (error as Error)?.name ?? 'Error';
const isAccessDenied = (error: unknown) => /AccessDenied|UnauthorizedOperation/.test(errorName(error));

/** Why a read failed, in the words the card shows: a refusal names the action the role lacks. */
function failureMessage(error: unknown, region: string, definition?: MeteredServiceDefinition): string {
  const what = definition ? `${RESOURCE_NOUNS[definition.service]} usage` : 'usage metrics';
  if (isAccessDenied(error)) {
    const action =
      /perform: ([\w:*-]+)/.exec((error as Error)?.message ?? '')?.[1] ??
      ['cloudwatch:GetMetricData', ...(definition?.permissions ?? ['cloudwatch:ListMetrics'])].join(' and ');
    return `The role lacks ${action} in ${region} (${errorName(error)}), so ${what} is not metered there: update the stack so the role has it. The other services keep being metered.`;
  }
  if (isThrottling(error))
    return `AWS is throttling the meter's reads of ${what} in ${region} (${errorName(error)}): the next read catches up with no gap.`;
  return `Reading ${what} in ${region} failed: ${storableText((error as Error)?.message ?? String(error))}`;
}

/**
 * The live meter of usage-driven spend (docs/decisions/091, 094): reads each AWS integration's usage
 * metrics (NAT gateways, Lambda, CloudWatch Logs, DynamoDB on-demand, Bedrock, EC2 egress as an
 * estimate) from CloudWatch every METER_INTERVAL_SECONDS, each service at its own cadence, stores them
 * per period of METER_PERIOD_SECONDS (docs/decisions/104), and prices them for the live ledger.
 */
export function createUsageMeterService(deps: UsageMeterDependencies) {
  const { context } = deps;
  const { db } = context.database;
  const access = context.aws ?? { region: context.config.aws.region };
  const settings = context.config.usageMeter;
  const now = () => context.clock.now();
  /** A series that failed before its first read starts, once it reads, where a first read would have. */
  const periodMs = settings.periodSeconds * 1000;
  const firstReadStartMs = () =>
    meterWindow(undefined, now().getTime(), periodMs)?.startMs ?? now().getTime();
  const discovered = new Map<string, { atMs: number; regions: string[] }>();
  const compareWithBill = deps.costData && createMeterAccuracy({ db, costData: deps.costData, now });
  const enabledDefinitions = () =>
    METERED_SERVICE_DEFINITIONS.filter((definition) => settings.services.includes(definition.service));
  const readEveryMs = (service: MeteredService) =>
    serviceReadEveryMs(settings.intervalSeconds, settings.serviceSeconds[service]);

  /** Whether a region lists any metric of a metered service (ListMetrics). */
  async function regionIsUsed(cloudWatch: CloudWatchClient): Promise<boolean> {
    const answers = await Promise.all(
      enabledDefinitions().map((definition) => listDimensionValues(cloudWatch, definition.presence)),
    );
    return answers.some((values) => values.length > 0);
  }

  /**
   * The regions where the account uses a metered service (ListMetrics in every commercial region,
   * about hourly). A refusal is kept to be named on the card when no region could be listed.
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
          const used = await Promise.race([
            regionIsUsed(cloudWatch),
            new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DISCOVERY_TIMEOUT_MS).unref()),
          ]);
          return used ? region : undefined;
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

  /** Whether a service is due in a region: never read, or read at least its cadence ago (less half an interval). */
  function isDue(definition: MeteredServiceDefinition, cursors: readonly MeterCursorRow[]): boolean {
    const reads = cursors
      .filter((cursor) => definition.charges.includes(cursor.charge as MeteredCharge))
      .map((cursor) => cursor.lastReadAtMs);
    if (reads.length === 0 || reads.some((atMs) => atMs === null)) return true;
    const lastMs = Math.min(...(reads as number[]));
    return (
      now().getTime() - lastMs >= readEveryMs(definition.service) - (settings.intervalSeconds * 1000) / 2
    );
  }

  /**
   * One service's read in one region: list its resources, ask GetMetricData for each charge's
   * metrics since the oldest of its charges' cursors, and store each charge with its cursor. A
   * failure is named on the service's first charge and moves no cursor.
   */
  async function meterService(
    definition: MeteredServiceDefinition,
    seriesOf: (charge: MeteredCharge) => MeterSeries,
    clients: RegionClients,
    cursors: readonly MeterCursorRow[],
    regionTags: RegionTagsOutcome,
  ) {
    const mine = cursors.filter((cursor) => definition.charges.includes(cursor.charge as MeteredCharge));
    const starts = definition.charges.map(
      (charge) => mine.find((cursor) => cursor.charge === charge)?.settledThroughMs,
    );
    const known = starts.filter((start): start is number => start !== undefined);
    const window = meterWindow(known.length > 0 ? Math.min(...known) : undefined, now().getTime(), periodMs);
    if (!window) return;
    try {
      const queries = await definition.queries(clients);
      const reads =
        queries.length > 0 ? await readChargePeriods(clients.cloudWatch, queries, window) : new Map();
      const readAt = now();
      for (const charge of definition.charges) {
        const read = reads.get(charge);
        const hasCursor = mine.some((cursor) => cursor.charge === charge);
        if (!read && !hasCursor && charge !== definition.charges[0]) continue;
        await storeRead(db, seriesOf(charge), {
          resources: read?.resources ?? [],
          replaces: { fromMs: window.startMs },
          settledThroughMs: window.settledThroughMs,
          metricsRequested: read?.metricsRequested ?? 0,
          readAt,
          leftOut: read?.leftOut ?? 0,
          listedResources: read?.listedResources ?? [],
          resourceTags: tagsOfListed(definition.service, read?.listedResources ?? [], regionTags),
        });
      }
    } catch (error) {
      const series = seriesOf(definition.charges[0]!);
      context.log.warn(
        {
          err: error,
          integrationId: series.integrationId,
          region: series.region,
          service: definition.service,
        },
        'a meter read failed',
      );
      await recordReadFailure(db, series, {
        message: failureMessage(error, series.region, definition),
        windowStartMs: window.startMs,
      });
    }
  }

  /** Whether a service's last read in a region listed any resource (a tripwire has something to watch). */
  const hasResources = (
    service: MeteredService,
    rows: ReadonlyArray<{ charge: string; metricsLastRead: number }>,
  ) =>
    rows.some((row) => serviceOfCharge(row.charge as MeteredCharge) === service && row.metricsLastRead > 0);

  /**
   * The services not due in a region whose account-level tripwire jumped (docs/decisions/136): their
   * read is due now. A failed tripwire read leaves the service to its own cadence.
   */
  async function tripped(
    cloudWatch: CloudWatchClient,
    region: string,
    notDue: readonly MeteredServiceDefinition[],
  ): Promise<MeteredServiceDefinition[]> {
    const found: MeteredServiceDefinition[] = [];
    for (const definition of notDue.filter((one) => TRIPWIRE_RULES[one.service])) {
      try {
        if (await tripwireTripped(cloudWatch, definition.service, now().getTime(), periodMs))
          found.push(definition);
      } catch (error) {
        context.log.warn({ err: error, region, service: definition.service }, 'a meter tripwire read failed');
      }
    }
    return found;
  }

  /** The tags of a region's metered resources, one GetResources for every due service. */
  async function readTags(
    region: string,
    credentials: AwsSession['credentials'],
    services: readonly MeteredService[],
  ): Promise<RegionTagsOutcome> {
    const client = taggingClient(access, credentials, region);
    try {
      return { tags: await readRegionResourceTags(client, services) };
    } catch (error) {
      context.log.warn({ err: error, region }, 'the meter could not read its resources’ tags');
      if (isAccessDenied(error))
        return {
          reason: `the role lacks tag:GetResources in ${region}, so its tags are not read: update the stack so the role has it`,
          lasting: true,
        };
      return { reason: `its tags could not be read in ${region} (${errorName(error)})`, lasting: false };
    } finally {
      client.destroy();
    }
  }

  /** What a charge's cursor keeps of its listed resources' tags; undefined keeps the last ones found. */
  function tagsOfListed(
    service: MeteredService,
    listed: readonly string[],
    regionTags: RegionTagsOutcome,
  ): ResourceTagsRead | undefined {
    const untaggable = UNTAGGABLE_REASON[service];
    if (untaggable) return { read: false, reason: untaggable };
    if ('reason' in regionTags)
      return regionTags.lasting ? { read: false, reason: regionTags.reason } : undefined;
    const found = regionTags.tags.get(service);
    return {
      read: true,
      tags: Object.fromEntries(listed.map((resourceId) => [resourceId, found?.get(resourceId) ?? {}])),
    };
  }

  async function meter(target: AwsTarget): Promise<void> {
    if (!target.identity) return;
    const home = target.exportRegion ?? access.region;
    const seriesIn =
      (region: string) =>
      (charge: MeteredCharge): MeterSeries => ({
        organizationId: target.organizationId,
        integrationId: target.id,
        region,
        charge,
      });
    const firstCharge = enabledDefinitions()[0]?.charges[0] ?? 'nat-gateway-data-processed';
    let session: AwsSession;
    try {
      session = await openAwsSession(access, target.identity);
    } catch (error) {
      await recordReadFailure(db, seriesIn(home)(firstCharge), {
        message: `The meter could not reach the account: ${storableText((error as Error).message)}`,
        windowStartMs: firstReadStartMs(),
      });
      return;
    }
    const cursors = await listCursors(db, target.id);
    const discovery = await discoverRegions(session, target.id);
    const regions = new Set(discovery.regions);
    if (regions.size === 0 && discovery.refusal !== undefined)
      await recordReadFailure(db, seriesIn(home)(firstCharge), {
        message: failureMessage(discovery.refusal, home),
        windowStartMs: firstReadStartMs(),
      });
    // A region read before stays read while it meters something; discovery or a launch brings it back.
    for (const cursor of cursors)
      if (cursor.lastReadAtMs !== null && cursor.metricsLastRead > 0) regions.add(cursor.region);
    // A NAT gateway or an instance the account started in a region discovery has not listed yet is read
    // from the next read, not the next discovery an hour on (docs/decisions/144).
    const owner = {
      organizationId: target.organizationId,
      integrationId: target.id,
      accountId: session.accountId,
    };
    const window = { since: new Date(now().getTime() - DISCOVER_EVERY_MS), until: now() };
    for (const region of (await deps.launches?.regionsStartedBetween(owner, window)) ?? [])
      if (COMMERCIAL_AWS_REGIONS.includes(region)) regions.add(region);
    for (const region of [...regions].sort()) {
      const { cloudWatch } = awsClients(access, session.credentials, region);
      const lambda = lambdaClient(access, session.credentials, region);
      try {
        const regionCursors = cursors.filter((cursor) => cursor.region === region);
        const enabled = enabledDefinitions();
        const due = enabled.filter((definition) => isDue(definition, regionCursors));
        due.push(
          ...(await tripped(
            cloudWatch,
            region,
            enabled.filter((one) => !due.includes(one) && hasResources(one.service, regionCursors)),
          )),
        );
        if (due.length === 0) continue;
        const regionTags = await readTags(
          region,
          session.credentials,
          due.map((definition) => definition.service),
        );
        for (const definition of due)
          await meterService(definition, seriesIn(region), { cloudWatch, lambda }, regionCursors, regionTags);
      } finally {
        cloudWatch.destroy();
        lambda.destroy();
      }
    }
  }

  const noSimulatedAccount = () =>
    new ApiError(
      409,
      'NoSimulatorIntegration',
      'Connect the demo AWS account first: the scenario runs on a resource of a simulated account your organization has connected.',
    );

  /** The first resource of the organization's accounts, its demo account's first. */
  function firstInAccounts<T extends { accountId: string }>(
    resources: readonly T[],
    accounts: readonly string[],
    noun: string,
  ): T {
    const found = resources
      .filter((candidate) => accounts.includes(candidate.accountId))
      .sort((a, b) => accounts.indexOf(a.accountId) - accounts.indexOf(b.accountId))[0];
    if (!found)
      throw new ApiError(
        409,
        'NoSimulatorIntegration',
        `The connected simulated accounts have no ${noun}: connect the demo AWS account.`,
      );
    return found;
  }

  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

  /** The rows a scope covers: by the account each integration reads (its role's) and the row's tags. */
  async function rowsInScope(
    organizationId: string,
    rows: UsageRow[],
    scope: CostScope,
  ): Promise<UsageRow[]> {
    const accountOf = new Map(
      (await deps.integrations.awsTargetsOf(organizationId)).map((target) => [
        target.id,
        target.identity?.kind === 'aws-role' ? (accountOfRoleArn(target.identity.roleArn) ?? '') : '',
      ]),
    );
    return rows.filter((row) =>
      isCostInScope(scope, { usageAccountId: accountOf.get(row.integrationId) ?? '', tags: row.tags ?? {} }),
    );
  }

  async function usageRows(
    organizationId: string,
    options: { integrationIds?: readonly string[]; atMs?: number } = {},
  ): Promise<UsageRow[]> {
    const atMs = options.atMs ?? now().getTime();
    const [periods, cursors] = await Promise.all([
      listPeriods(db, organizationId, {
        since: new Date(atMs - ROWS_HISTORY_MS),
        integrationIds: options.integrationIds,
      }),
      cursorsOfOrganization(db, organizationId),
    ]);
    const byResource = new Map<string, typeof periods>();
    for (const period of periods) {
      if (period.periodStartMs >= atMs) continue;
      const key = `${period.integrationId}|${period.region}|${period.charge}|${period.resourceId}`;
      byResource.set(key, [...(byResource.get(key) ?? []), period]);
    }
    return [...byResource.values()]
      .map((resourcePeriods): UsageRow => {
        const { integrationId, region, charge, resourceId } = resourcePeriods[0]!;
        const price = usagePriceOf(charge, region, undefined, resourceId);
        const table = USAGE_PRICE_TABLES[charge];
        const cursor = cursors
          .get(integrationId)
          ?.find((row) => row.region === region && row.charge === charge);
        const spend = usageSpendOf(resourcePeriods, price, atMs);
        const stopped =
          cursor?.listedResources &&
          !cursor.listedResources.includes(resourceId) &&
          cursor.lastReadAtMs !== null
            ? `No longer listed by AWS since the read at ${new Date(cursor.lastReadAtMs).toISOString()} (deleted or idle): its $ an hour stopped.`
            : undefined;
        const tagsRead = cursor?.resourceTags;
        return {
          integrationId,
          region,
          service: table.service,
          charge,
          resourceId,
          resourceLabel: `${RESOURCE_NOUNS[table.service]} ${resourceId}`,
          ...(tagsRead?.read ? { tags: tagsRead.tags[resourceId] ?? {} } : {}),
          owner: meteredOwnerOf(tagsRead, resourceId),
          unit: table.unit,
          ...(price.status === 'priced' ? { priceSource: price.source } : {}),
          ...(table.estimate ? { estimate: table.estimate } : {}),
          ...spend,
          ...(stopped ? { stopped, usdPerHour: null, usdPerDay: null } : {}),
        };
      })
      .sort(
        (a, b) => (b.usdPerHour ?? -1) - (a.usdPerHour ?? -1) || a.resourceId.localeCompare(b.resourceId),
      );
  }

  /**
   * The tripwire's reads (docs/decisions/136, 145): one per region of each enabled service that has a
   * tripwire and resources there, asking for each metric its tripwire watches.
   */
  function tripwireReads(
    regions: ReadonlyArray<{ region: string; service: MeteredService; metricsPerRead: number }>,
  ) {
    const watched = new Set(
      regions
        .filter(
          (row) =>
            settings.services.includes(row.service) && TRIPWIRE_RULES[row.service] && row.metricsPerRead > 0,
        )
        .map((row) => `${row.region}|${row.service}`),
    );
    return [...watched].flatMap((key) => {
      const service = key.split('|')[1] as MeteredService;
      const shape = tripwireReadShape(
        tripwireMetricsOf(service),
        settings.intervalSeconds * 1000,
        readEveryMs(service),
      );
      return shape ? [shape] : [];
    });
  }

  /** Each integration's meter: per region and charge, per service, what it costs a month. */
  async function states(organizationId: string): Promise<MeterState[]> {
    const [cursors, checks] = await Promise.all([
      cursorsOfOrganization(db, organizationId),
      accuracyOfOrganization(db, organizationId, isoDay(now().getTime() - ACCURACY_SHOWN_MS)),
    ]);
    return [...cursors].map(([integrationId, rows]) => {
      const regions = rows.map((row) => {
        const service = serviceOfCharge(row.charge as MeteredCharge);
        return {
          region: row.region,
          service,
          charge: row.charge,
          lastReadAtMs: row.lastReadAtMs,
          error: row.lastError,
          leftOut: row.leftOut,
          metricsPerRead: row.metricsLastRead,
          readEveryMs: readEveryMs(service),
        };
      });
      const services = METERED_SERVICES.map((service) => {
        const mine = regions.filter((region) => region.service === service);
        const failing = mine.find((region) => region.error !== null);
        const reads = mine
          .map((region) => region.lastReadAtMs)
          .filter((atMs): atMs is number => atMs !== null);
        const state: 'metered' | 'failing' | 'not-metered' = !settings.services.includes(service)
          ? 'not-metered'
          : failing
            ? 'failing'
            : 'metered';
        return {
          service,
          state,
          error: failing?.error ?? null,
          lastReadAtMs: reads.length > 0 ? Math.max(...reads) : null,
          readEveryMs: readEveryMs(service),
        };
      });
      return {
        integrationId,
        regions,
        services,
        metricsRequested: rows.reduce((sum, row) => sum + row.metricsRequested, 0),
        leftOut: rows.reduce((sum, row) => sum + row.leftOut, 0),
        accuracy: accuracyByService(checks.get(integrationId) ?? [], serviceOfCharge, ACCURACY_DAYS_SHOWN),
        monthlyCostUsd: meterMonthlyCostUsd([
          ...regions
            .filter((region) => settings.services.includes(region.service))
            .map((region) => ({ metricsPerRead: region.metricsPerRead, readEveryMs: region.readEveryMs })),
          ...tripwireReads(regions),
        ]),
      };
    });
  }

  /** The models the demo's token spikes called in this process, each a lasting series of the shared account. */
  const spikedModels = new Set<string>();

  /**
   * The simulated accounts the organization has connected, its demo account first; a demo scenario
   * runs only with the built-in simulator and on an account the organization connected.
   */
  async function demoAccountsOf(viewer: Viewer, scenario: string) {
    const fleet = context.aws?.simulator;
    if (!fleet) throw notFound(`${scenario} (it runs only with the built-in AWS simulator)`);
    const accounts = (await deps.integrations.awsTargetsOf(viewer.organizationId))
      .sort((a, b) => Number(b.demo) - Number(a.demo))
      .flatMap((target) =>
        target.identity?.kind === 'aws-role' ? [accountOfRoleArn(target.identity.roleArn) ?? ''] : [],
      );
    if (accounts.length === 0) throw noSimulatedAccount();
    return { fleet, accounts };
  }

  return {
    usageRows,
    states,

    /** POST /api/demo/nat-egress-leak: the in-process simulator's NAT gateway in the organization's demo account leaks. */
    async startDemoNatLeak(viewer: Viewer, input: NatLeakInput): Promise<NatLeakAnswer> {
      const { fleet, accounts } = await demoAccountsOf(viewer, 'The demo NAT egress leak');
      const gateway = firstInAccounts(fleet.natGateways(), accounts, 'NAT gateway');
      fleet.startNatLeak({ natGatewayId: gateway.natGatewayId, gbPerHour: input.gb_per_hour });
      return {
        nat_gateway_id: gateway.natGatewayId,
        region: gateway.region,
        account_id: gateway.accountId,
        gb_per_hour: input.gb_per_hour,
      };
    },

    /** POST /api/demo/lambda-loop: a function of the organization's simulated account is invoked in a loop. */
    async startDemoLambdaLoop(viewer: Viewer, input: LambdaLoopInput): Promise<DemoScenarioAnswer> {
      const { fleet, accounts } = await demoAccountsOf(viewer, 'The demo Lambda loop');
      const fn = firstInAccounts(fleet.lambdaFunctions(), accounts, 'Lambda function');
      fleet.startLambdaLoop({
        accountId: fn.accountId,
        functionName: fn.functionName,
        invocationsPerMinute: input.invocations_per_minute,
        durationMs: input.duration_ms,
      });
      return { service: 'lambda', resource_id: fn.functionName, region: fn.region, account_id: fn.accountId };
    },

    /** POST /api/demo/logging-flood: a log group of the organization's simulated account ingests far more. */
    async startDemoLoggingFlood(viewer: Viewer, input: LoggingFloodInput): Promise<DemoScenarioAnswer> {
      const { fleet, accounts } = await demoAccountsOf(viewer, 'The demo logging flood');
      const group = firstInAccounts(fleet.logGroups(), accounts, 'log group');
      fleet.startLoggingFlood({
        accountId: group.accountId,
        logGroupName: group.logGroupName,
        gbPerHour: input.gb_per_hour,
      });
      return {
        service: 'logs',
        resource_id: group.logGroupName,
        region: group.region,
        account_id: group.accountId,
      };
    },

    /** POST /api/demo/token-spike: a Bedrock model is called in a loop in the organization's simulated account (us-east-1). */
    async startDemoTokenSpike(viewer: Viewer, input: TokenSpikeInput): Promise<DemoScenarioAnswer> {
      const { fleet, accounts } = await demoAccountsOf(viewer, 'The demo token spike');
      const accountId = accounts.find((account) => fleet.accountIds.includes(account));
      if (!accountId) throw noSimulatedAccount();
      // The simulated accounts are shared by every organization that connects them: a few models each.
      spikedModels.add(input.model_id);
      if (spikedModels.size > MAX_DEMO_MODELS) {
        spikedModels.delete(input.model_id);
        throw new ApiError(
          409,
          'DemoModelsFull',
          `model_id: the demo account already calls ${MAX_DEMO_MODELS} models; spike one of them again.`,
        );
      }
      const region = 'us-east-1';
      fleet.startTokenSpike({
        accountId,
        region,
        modelId: input.model_id,
        inputTokensPerMinute: input.input_tokens_per_minute,
        outputTokensPerMinute: input.output_tokens_per_minute,
      });
      return { service: 'bedrock', resource_id: input.model_id, region, account_id: accountId };
    },

    /** GET /api/usage-meter: the viewer's organization; another organization's integration is not found. */
    async view(viewer: Viewer, query: UsageMeterQuery): Promise<UsageMeterView> {
      const organizationId = viewer.organizationId;
      if (query.integration_id) {
        const target = await deps.integrations.awsTargetOf(query.integration_id);
        if (!target || target.organizationId !== organizationId) throw notFound('Integration');
      }
      const integrationIds = query.integration_id ? [query.integration_id] : undefined;
      const [allRows, meters, scope] = await Promise.all([
        usageRows(organizationId, { integrationIds }),
        states(organizationId),
        deps.organizations?.costScopeFor(viewer),
      ]);
      const restricted = scope?.restricted === true;
      // A restricted member sees the rows of their teams' accounts and tags, and no bill comparison (its
      // figures are the whole organization's).
      const rows = restricted ? await rowsInScope(organizationId, allRows, scope) : allRows;
      return {
        rows: rows.map((row) => ({
          integration_id: row.integrationId,
          region: row.region,
          service: row.service,
          charge: row.charge,
          resource_id: row.resourceId,
          resource_label: row.resourceLabel,
          unit: row.unit,
          last_hour_quantity: row.lastHourQuantity,
          today_quantity: row.todayQuantity,
          usd_per_hour: row.usdPerHour,
          usd_per_day: row.usdPerDay,
          today_usd: row.todayUsd,
          last_datapoint_at: iso(row.lastDatapointAtMs),
          price_unknown_reason: row.priceUnknownReason ?? null,
          price_source: row.priceSource ?? null,
          estimate: row.estimate ?? null,
          stopped: row.stopped ?? null,
          tags: row.tags ? { ...row.tags } : null,
          owner: ownerView(row.owner),
        })),
        meters: meters
          .filter((meter) => !integrationIds || integrationIds.includes(meter.integrationId))
          .map((meter) => ({
            integration_id: meter.integrationId,
            regions: meter.regions.map((region) => ({
              region: region.region,
              service: region.service,
              charge: region.charge,
              last_read_at: iso(region.lastReadAtMs),
              error: region.error,
              left_out: region.leftOut,
              metrics_per_read: region.metricsPerRead,
              read_every_seconds: region.readEveryMs / 1000,
            })),
            services: meter.services.map((service) => ({
              service: service.service,
              state: service.state,
              error: service.error,
              last_read_at: iso(service.lastReadAtMs),
              read_every_seconds: service.readEveryMs / 1000,
            })),
            metrics_requested: meter.metricsRequested,
            left_out: meter.leftOut,
            monthly_cost_usd: meter.monthlyCostUsd,
            accuracy: (restricted ? [] : meter.accuracy).map((check) => ({
              service: check.service,
              day: check.day,
              metered_usd: check.meteredUsd,
              billed_usd: check.billedUsd,
              error: check.error,
              reason: check.reason,
              line: meterAccuracyLine({
                serviceLabel: SERVICE_LABELS[check.service],
                day: check.day,
                meteredUsd: check.meteredUsd,
                billedUsd: check.billedUsd,
              }),
            })),
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
      if (compareWithBill)
        await compareWithBill(target).catch((error: unknown) =>
          context.log.warn({ err: error, integrationId }, 'the meter could not be checked against the bill'),
        );
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
