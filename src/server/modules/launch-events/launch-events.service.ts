import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type AwsEventsAnswer,
  type GpuBurstAnswer,
  type GpuBurstInput,
  type LaunchEventRejectionListView,
  type LaunchEventsSecretView,
  type LaunchLedgerQuery,
  type LaunchLedgerView,
  REJECTION_BODY_CHARS,
  REJECTIONS_LISTED,
} from '../../../contracts/launch-events.ts';
import {
  type EnvelopeRejection,
  isRecord,
  MAX_ENVELOPE_FIELD_LENGTH,
} from '../../../domain/eventbridge-envelope.ts';
import { type LaunchChange, readLaunchEvent } from '../../../domain/launch-changes.ts';
import { COMMERCIAL_AWS_REGIONS } from '../../../domain/launch-event-regions.ts';
import { buildLiveLedger } from '../../../domain/live-ledger.ts';
import { billedThroughMs, type PricedLedgerRow, priceLedgerRows } from '../../../domain/live-run-rate.ts';
import { accountOfRoleArn } from '../../../domain/role-arn.ts';
import { storableText } from '../../../domain/storable-text.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, notFound } from '../../plugins/errors.ts';
import { createSignal } from '../../signal.ts';
import type { CostDataService } from '../cost-data/cost-data.service.ts';
import type { AwsTarget, IntegrationsService } from '../integrations/integrations.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { RecommendationsService } from '../recommendations/recommendations.service.ts';
import { createLaunchEventPoller, type ReceivedMessage, type SessionOutcome } from './launch-event-poller.ts';
import {
  acquirePollerLease,
  type ChangeOwner,
  countRejections,
  deleteSecret,
  findSecretHash,
  insertLaunchChanges,
  insertRejection,
  integrationsWithSecrets,
  lastEventTimes,
  listLaunchChanges,
  listQueueStates,
  listRegionProbes,
  listRejections,
  recordQueueState,
  regionProbesOf,
  regionsOfStartsBetween,
  releasePollerLease,
  saveRegionProbes,
  saveSecretHash,
} from './launch-events.repository.ts';
import { launchEventsStatusOf } from './launch-events-status.ts';
import type { IntegrationLedger, LaunchLedgerSnapshot } from './launch-ledger-snapshot.ts';
import { launchLedgerView } from './launch-ledger-view.ts';

export type { IntegrationLedger, LaunchLedgerSnapshot, PricedLedgerRow };

/** Changes not stored before (a redelivery fires nothing). */
export interface LaunchChangesEvent {
  organizationId: string;
  integrationId: string;
  fresh: LaunchChange[];
}

export interface LaunchEventsDependencies {
  context: AppContext;
  integrations: Pick<
    IntegrationsService,
    'awsTargetOf' | 'awsTargetsOf' | 'requireManaged' | 'listReachableAws'
  >;
  organizations: Pick<OrganizationsService, 'costScopeFor'>;
  costData: Pick<CostDataService, 'slices' | 'usageAccounts'>;
  recommendations: Pick<RecommendationsService, 'ec2Prices' | 'instanceTypesOf'>;
}

const DAY_MS = 86_400_000;
/** Changes older than this are left out of the ledger: their hours are long in the bill. */
const LEDGER_HISTORY_MS = 45 * DAY_MS;
/** One poll job's session: it then sends itself again (jobs/poll-launch-events.job.ts). */
export const POLL_SESSION_MS = 2 * 60_000;
/** A session's lease outlasts it by a last long poll and the store: a killed worker's runs out after. */
const LEASE_MARGIN_MS = 60_000;
/** What is kept of a rejected message's body. */
const KEPT_BODY_CHARS = 64 * 1024;
/** The most envelopes one API-destination POST may carry. */
const MAX_ENVELOPES_PER_POST = 100;

export const EVENTS_SECRET_HEADER = 'x-spendguard-events-secret';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** What one batch of messages came to: changes to store, rejections to keep. */
interface ReadBatch {
  changes: LaunchChange[];
  rejections: Array<{ messageId: string; body: string; region: string; rejection: EnvelopeRejection }>;
  accepted: number;
  lastStateChangeAt?: Date;
  lastApiCallAt?: Date;
}

function readBatch(
  items: Array<{ messageId: string; body: unknown; region: string }>,
  accountIds: readonly string[] | undefined,
): ReadBatch {
  const batch: ReadBatch = { changes: [], rejections: [], accepted: 0 };
  const later = (current: Date | undefined, ms: number) =>
    current && current.getTime() >= ms ? current : new Date(ms);
  for (const item of items) {
    const read = readLaunchEvent(item.body, accountIds ? { accountIds } : {});
    if (!read.ok) {
      const body = typeof item.body === 'string' ? item.body : JSON.stringify(item.body ?? null);
      batch.rejections.push({ ...item, body, rejection: read.rejection });
      continue;
    }
    batch.accepted += 1;
    batch.changes.push(...read.value.changes);
    const { envelope } = read.value;
    if (envelope.detailType === 'EC2 Instance State-change Notification')
      batch.lastStateChangeAt = later(batch.lastStateChangeAt, envelope.timeMs);
    else batch.lastApiCallAt = later(batch.lastApiCallAt, envelope.timeMs);
  }
  return batch;
}

/**
 * Early warning's server side (decision 046): launch events in (the queue poller and the
 * API destination, one parser and one store), the live ledger out (alerts' snapshot and listeners,
 * the ledger page, each integration's status).
 */
export function createLaunchEventsService(deps: LaunchEventsDependencies) {
  const { context } = deps;
  const { db } = context.database;
  const now = () => context.clock.now();
  // A listener's failure never undoes what was stored; the alert schedule looks again.
  const launchChangesStored = createSignal<LaunchChangesEvent>({
    failure: 'a launch-changes listener failed',
    detailsOf: (event) => ({ integrationId: event.integrationId }),
    log: context.log,
  });
  const stopping = new AbortController();

  /** Stores a batch: new changes (told to listeners), rejected messages kept; answers the counts. */
  async function storeBatch(owner: ChangeOwner, batch: ReadBatch, via: 'sqs' | 'api-destination') {
    const distinct = [...new Map(batch.changes.map((change) => [change.changeId, change])).values()];
    const inserted = await insertLaunchChanges(db, owner, distinct, via);
    for (const { messageId, body, region, rejection } of batch.rejections)
      await insertRejection(db, owner, {
        region,
        messageId,
        body: body.slice(0, KEPT_BODY_CHARS),
        reason: rejection.reason,
        message: storableText(rejection.message),
      });
    const fresh = distinct.filter((change) => inserted.has(change.changeId));
    if (fresh.length > 0) await launchChangesStored.emit({ ...owner, fresh });
    return { fresh: fresh.length, duplicates: batch.changes.length - fresh.length };
  }

  const ownerOf = (target: AwsTarget): ChangeOwner => ({
    organizationId: target.organizationId,
    integrationId: target.id,
  });

  const poller = createLaunchEventPoller({
    access: context.aws ?? { region: context.config.aws.region },
    log: context.log,
    async store(target, received: { region: string; accountId: string; messages: ReceivedMessage[] }) {
      const batch = readBatch(
        received.messages.map((message) => ({ ...message, region: received.region })),
        [received.accountId],
      );
      await storeBatch(ownerOf(target), batch, 'sqs');
      return { lastStateChangeAt: batch.lastStateChangeAt, lastApiCallAt: batch.lastApiCallAt };
    },
    recordQueue: (target, queue) => recordQueueState(db, ownerOf(target), { ...queue, polledAt: now() }),
    regionProbes: (target) => listRegionProbes(db, target.id),
    saveRegionProbes: (target, probes) => saveRegionProbes(db, ownerOf(target), probes),
    now,
  });

  /** Where the integration's bill data is complete (its last, partial day is not); undefined before any. */
  async function billingDataEndsAtMs(organizationId: string, integrationId: string) {
    const days = await deps.costData.slices.spendDays({ organizationId, integrations: [integrationId] });
    return days.last ? billedThroughMs(days.last) : undefined;
  }

  async function snapshotWithSources(
    organizationId: string,
    options: { integrationIds?: string[]; atMs?: number } = {},
  ) {
    const atMs = options.atMs ?? now().getTime();
    const wanted = options.integrationIds && new Set(options.integrationIds);
    const targets = (await deps.integrations.awsTargetsOf(organizationId)).filter(
      (target) => !wanted || wanted.has(target.id),
    );
    const stored = await listLaunchChanges(db, organizationId, {
      integrationIds: targets.map((target) => target.id),
      since: new Date(atMs - LEDGER_HISTORY_MS),
    });
    const byIntegration = new Map<string, LaunchChange[]>();
    for (const { integrationId, change } of stored) {
      // A snapshot of the past leaves out what came after it; now takes all (clocks may differ by seconds).
      if (options.atMs !== undefined && change.atMs > atMs) continue;
      byIntegration.set(integrationId, [...(byIntegration.get(integrationId) ?? []), change]);
    }
    const regions = [...new Set(stored.map(({ change }) => change.region))];
    const [prices, knownTypes] = await Promise.all([
      deps.recommendations.ec2Prices(regions),
      stored.length > 0 ? deps.recommendations.instanceTypesOf(organizationId) : new Map<string, string>(),
    ]);
    const integrations: IntegrationLedger[] = [];
    for (const target of targets) {
      const changes = byIntegration.get(target.id) ?? [];
      if (!target.identity && changes.length === 0) continue;
      const rows = priceLedgerRows(buildLiveLedger(changes).rows, prices.lookup, {
        knownInstanceType: (instanceId) => knownTypes.get(instanceId),
      });
      integrations.push({
        integrationId: target.id,
        integrationName: target.name,
        billingDataEndsAtMs: await billingDataEndsAtMs(organizationId, target.id),
        rows,
      });
    }
    const lastEventAtMs = stored.reduce<number | undefined>(
      (latest, { change }) => (latest === undefined || change.atMs > latest ? change.atMs : latest),
      undefined,
    );
    return { snapshot: { atMs, integrations }, sourceOf: prices.sourceOf, lastEventAtMs };
  }

  async function requireTarget(organizationId: string, integrationId: string): Promise<AwsTarget> {
    const target = await deps.integrations.awsTargetOf(integrationId);
    if (!target || target.organizationId !== organizationId) throw notFound('Integration');
    return target;
  }

  /** The accounts an integration's events may come from: its role's, and its linked accounts. */
  async function expectedAccounts(target: AwsTarget): Promise<string[] | undefined> {
    if (target.identity?.kind !== 'aws-role') return undefined;
    const own = accountOfRoleArn(target.identity.roleArn) ?? '';
    const linked = (await deps.costData.usageAccounts(target.id)).map((account) => account.id);
    return [...new Set([own, ...linked])];
  }

  return {
    /** The organization's live ledgers, priced (alerts read this). */
    async snapshot(
      organizationId: string,
      options: { integrationIds?: string[]; atMs?: number } = {},
    ): Promise<LaunchLedgerSnapshot> {
      return (await snapshotWithSources(organizationId, options)).snapshot;
    },

    /** Called with the changes not stored before, once they are stored. */
    onLaunchChanges: launchChangesStored.subscribe,

    /** The regions where an account of an integration started a NAT gateway or an instance in a window. */
    regionsStartedBetween: (
      owner: { organizationId: string; integrationId: string; accountId: string },
      window: { since: Date; until: Date },
    ) => regionsOfStartsBetween(db, owner, window),

    /** GET /api/launch-ledger: the viewer's organization, within their team's cost scope. */
    async ledger(viewer: Viewer, query: LaunchLedgerQuery): Promise<LaunchLedgerView> {
      if (query.integration_id) await requireTarget(viewer.organizationId, query.integration_id);
      const [scope, read] = await Promise.all([
        deps.organizations.costScopeFor(viewer),
        snapshotWithSources(viewer.organizationId, {
          integrationIds: query.integration_id ? [query.integration_id] : undefined,
        }),
      ]);
      return launchLedgerView(read.snapshot, {
        query,
        scope,
        sourceOf: read.sourceOf,
        lastEventAtMs: read.lastEventAtMs,
      });
    },

    /** GET /api/launch-events/status: one entry per integration of the organization. */
    async status(viewer: Viewer) {
      const organizationId = viewer.organizationId;
      const [targets, queues, probes, times, rejected, secrets] = await Promise.all([
        deps.integrations.awsTargetsOf(organizationId),
        listQueueStates(db, organizationId),
        regionProbesOf(db, organizationId),
        lastEventTimes(db, organizationId),
        countRejections(db, organizationId),
        integrationsWithSecrets(db, organizationId),
      ]);
      return {
        integrations: targets.map((target) =>
          launchEventsStatusOf(target, {
            queues: queues.filter((queue) => queue.integration_id === target.id),
            probes: probes.get(target.id) ?? [],
            times: times.get(target.id),
            rejectedCount: rejected.get(target.id) ?? 0,
            apiDestination: secrets.has(target.id),
            nowMs: now().getTime(),
          }),
        ),
      };
    },

    /** GET /api/integrations/:id/launch-events/rejections: what was not a launch event (owners and admins). */
    async rejections(viewer: Viewer, integrationId: string): Promise<LaunchEventRejectionListView> {
      const row = await deps.integrations.requireManaged(viewer, integrationId);
      const { rows, total } = await listRejections(
        db,
        { organizationId: row.organization_id, integrationId: row.id },
        { limit: REJECTIONS_LISTED, bodyChars: REJECTION_BODY_CHARS },
      );
      return {
        integration_id: row.id,
        total,
        rejections: rows.map((rejection) => ({
          received_at: rejection.received_at.toISOString(),
          region: rejection.region,
          message_id: rejection.message_id,
          reason: rejection.reason,
          message: rejection.message,
          body: rejection.body,
          body_length: Number(rejection.body_length),
        })),
      };
    },

    /** Creates or rotates the API destination's secret; the answer is the only place it is shown. */
    async createSecret(viewer: Viewer, integrationId: string): Promise<LaunchEventsSecretView> {
      const row = await deps.integrations.requireManaged(viewer, integrationId);
      const secret = randomBytes(32).toString('base64url');
      const createdAt = await saveSecretHash(
        db,
        { organizationId: row.organization_id, integrationId: row.id },
        sha256(secret).toString('hex'),
        now(),
      );
      return {
        integration_id: row.id,
        header: EVENTS_SECRET_HEADER,
        secret,
        endpoint: `${context.config.publicUrl}/api/aws-events/${row.id}`,
        created_at: createdAt.toISOString(),
      };
    },

    async deleteSecret(viewer: Viewer, integrationId: string): Promise<void> {
      const row = await deps.integrations.requireManaged(viewer, integrationId);
      if (!(await deleteSecret(db, { organizationId: row.organization_id, integrationId: row.id })))
        throw notFound('API destination secret');
    },

    /**
     * POST /api/aws-events/{integration_id}: envelopes an EventBridge API destination sends, checked
     * against the integration's secret (its hash, compared in constant time), then stored like polled ones.
     */
    async receiveFromApiDestination(
      integrationId: string,
      presentedSecret: string | undefined,
      body: unknown,
    ): Promise<AwsEventsAnswer> {
      const target = await deps.integrations.awsTargetOf(integrationId);
      if (!target) throw notFound('Integration');
      const hash = await findSecretHash(db, integrationId);
      const presented = sha256(presentedSecret ?? '');
      if (!hash || !presentedSecret || !timingSafeEqual(presented, Buffer.from(hash, 'hex')))
        throw new ApiError(
          401,
          'Unauthorized',
          `${EVENTS_SECRET_HEADER}: the secret is missing or wrong for this integration.`,
        );
      const envelopes = Array.isArray(body) ? body : [body];
      if (envelopes.length > MAX_ENVELOPES_PER_POST)
        throw badRequest(`body: at most ${MAX_ENVELOPES_PER_POST} events in one request.`);
      const batch = readBatch(
        envelopes.map((envelope) => ({
          // An id EventBridge could have sent is the idempotence key; any other gets its own.
          messageId:
            isRecord(envelope) &&
            typeof envelope.id === 'string' &&
            envelope.id &&
            envelope.id.length <= MAX_ENVELOPE_FIELD_LENGTH
              ? `api:${envelope.id}`
              : `api:${randomUUID()}`,
          body: envelope,
          region:
            isRecord(envelope) &&
            typeof envelope.region === 'string' &&
            COMMERCIAL_AWS_REGIONS.includes(envelope.region)
              ? envelope.region
              : 'unknown',
        })),
        await expectedAccounts(target),
      );
      const stored = await storeBatch(ownerOf(target), batch, 'api-destination');
      return { accepted: batch.accepted, ...stored, rejected: batch.rejections.length };
    },

    /** POST /api/demo/launch-gpu-burst: the in-process simulator launches GPUs in the organization's demo account. */
    async launchDemoBurst(viewer: Viewer, input: GpuBurstInput): Promise<GpuBurstAnswer> {
      const fleet = context.aws?.simulator;
      if (!fleet) throw notFound('The demo GPU burst (it runs only with the built-in AWS simulator)');
      const targets = await deps.integrations.awsTargetsOf(viewer.organizationId);
      const accountOf = (target: AwsTarget) =>
        target.identity?.kind === 'aws-role' ? (accountOfRoleArn(target.identity.roleArn) ?? '') : '';
      const simulated = targets
        .filter((target) => fleet.accountIds.includes(accountOf(target)))
        .sort((a, b) => Number(b.demo) - Number(a.demo));
      const chosen = simulated[0];
      if (!chosen)
        throw new ApiError(
          409,
          'NoSimulatorIntegration',
          'Connect the demo AWS account first: the burst launches in a simulated account your organization has connected.',
        );
      const accountId = accountOf(chosen);
      const burst = fleet.launchGpuBurst({
        accountId,
        count: input.count,
        instanceType: input.instance_type,
      });
      return {
        instance_ids: burst.instanceIds,
        count: burst.instanceIds.length,
        instance_type: input.instance_type,
        region: 'us-east-1',
        account_id: accountId,
      };
    },

    /**
     * One poll job's session for the integration (the worker's job calls this). 'stop' when another
     * worker holds its lease: that one sends the next job.
     */
    async pollSession(integrationId: string): Promise<SessionOutcome> {
      if (stopping.signal.aborted) return 'stop';
      const holder = randomUUID();
      const startedAt = now();
      const lease = {
        now: startedAt,
        until: new Date(startedAt.getTime() + POLL_SESSION_MS + LEASE_MARGIN_MS),
      };
      if (!(await acquirePollerLease(db, integrationId, holder, lease))) return 'stop';
      try {
        const target = await deps.integrations.awsTargetOf(integrationId);
        return await poller.runSession(target, { durationMs: POLL_SESSION_MS, signal: stopping.signal });
      } finally {
        await releasePollerLease(db, integrationId, holder);
      }
    },

    /** The integrations that should have a poller (the schedule makes sure each has one). */
    pollableIntegrations: () => deps.integrations.listReachableAws(),

    /** Ends every long poll in flight at once (the server stops). */
    stopPolling(): void {
      stopping.abort();
    },
  };
}

export type LaunchEventsService = ReturnType<typeof createLaunchEventsService>;
