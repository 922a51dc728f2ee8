import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  CreateIntegrationInput,
  ExportLocation,
  IngestionRunView,
  IntegrationView,
  MonthPartsView,
} from '../../../contracts/integrations.ts';
import { isoDayOfInstant } from '../../../domain/calendar-days.ts';
import type { CostScope } from '../../../domain/cost-scope.ts';
import { embeddedDatabaseAdvice } from '../../../domain/embedded-database-size.ts';
import { summarizeMonthParts } from '../../../domain/export-month-parts.ts';
import { describeMonthsOutsideHistory, monthsOutsideHistory } from '../../../domain/plan-history-window.ts';
import type { PlanId } from '../../../domain/plans.ts';
import { accountOfRoleArn } from '../../../domain/role-arn.ts';
import { resolveAuthSecret } from '../../auth/auth-secret.ts';
import { type CachedReads, UNCACHED_READS } from '../../auth/cached-reads.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AwsAccess } from '../../aws-access.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import type { BillingFileToIngest, CostDataService, IngestionRun } from '../cost-data/cost-data.service.ts';
import type { AwsAccessError } from './aws/aws-failure.ts';
import {
  type AccessCheck,
  type AwsIdentity,
  checkAwsAccess,
  LOCAL_CREDENTIALS_OFF,
  openAwsSession,
} from './aws/aws-session.ts';
import { createExternalIds } from './external-ids.ts';
import { createIngestionRunLifecycle, removeUploadedFiles } from './ingestion-run-lifecycle.ts';
import { settingsOf } from './integration-settings.ts';
import { integrationView, toRunView } from './integration-views.ts';
import {
  countIntegrations,
  deleteIntegrationRow,
  findDefaultIntegrationRow,
  findIntegrationRow,
  findIntegrationRowById,
  hasDemoIntegration,
  type IntegrationRow,
  insertIntegration,
  listIntegrationRows,
  listIntegrationsDueForSync,
  listReachableAwsIntegrations,
  makeDefaultIntegration,
  recordIntegrationState,
  renameIntegration,
  updateIntegrationSettings,
} from './integrations.repository.ts';
import { createKeptMonthParts } from './kept-month-parts.ts';
import { filesToRead, type PartsChoice, separateManifests } from './upload-month-parts.ts';
import { storeUploadedFiles, type UploadedFile } from './uploaded-files.ts';

export type { IngestJob } from './ingestion-run-lifecycle.ts';

/** Owners and admins manage integrations; members read. */
export function assertCanManage(viewer: Viewer): void {
  if (viewer.organizationRole === 'member') throw forbidden('Only owners and admins manage integrations.');
}

export interface IntegrationsOptions {
  /** Refuses one integration beyond the plan (billing.assertWithinLimit). */
  assertWithinLimit?: (viewer: Viewer, limit: 'integrations', currentCount: number) => Promise<void>;
  /** How the server reaches AWS; AWS kinds are refused without it. */
  aws?: AwsAccess;
  /** The organization's plan in force, for the months its history window hides. */
  planInForce?: (organizationId: string) => Promise<PlanId>;
  /** Where `resolve` keeps what it read for a second (decision 052); uncached when absent. */
  reads?: CachedReads;
  /** What part of the spend a person sees; everyone sees all of it when absent. */
  scopes?: { costScopeFor(viewer: Viewer): Promise<CostScope> };
}

/** An integration as the launch-events module sees it: whose it is and how to reach its AWS account. */
export interface AwsTarget {
  id: string;
  organizationId: string;
  name: string;
  kind: string;
  /** Undefined: nothing to reach (an upload integration, or a role not attached yet). */
  identity?: AwsIdentity;
  /** The region of its billing export, when it has one (the integration's home region). */
  exportRegion?: string;
  /** Set when it is the built-in simulator's demo account. */
  demo: boolean;
  /** The opt-in action role (decision 102), with the integration's ExternalId; undefined: read only. */
  actionIdentity?: AwsIdentity;
}

function awsTargetOfRow(row: IntegrationRow): AwsTarget {
  const identity: AwsIdentity | undefined =
    row.kind === 'aws-local-credentials'
      ? { kind: 'aws-local-credentials' }
      : row.kind === 'aws-role' && row.role_arn
        ? { kind: 'aws-role', roleArn: row.role_arn, externalId: row.external_id }
        : undefined;
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    kind: row.kind,
    identity,
    exportRegion: (row.export_location as ExportLocation | null)?.region ?? undefined,
    demo: settingsOf(row.settings).demo === true,
    actionIdentity:
      row.kind === 'aws-role' && row.action_role_arn
        ? { kind: 'aws-role', roleArn: row.action_role_arn, externalId: row.external_id }
        : undefined,
  };
}

export function createIntegrationsService(
  context: AppContext,
  costData: CostDataService,
  options: IntegrationsOptions = {},
) {
  const { db } = context.database;
  const { aws, reads = UNCACHED_READS } = options;
  const localCredentialsAllowed = aws?.localCredentials === true;
  const externalIds = createExternalIds(resolveAuthSecret(context.config));
  /** A role is connected or checked only with an ExternalId issued to the caller's organization. */
  const requireIssuedExternalId = (viewer: Viewer, externalId: string) => {
    if (!externalIds.isIssuedTo(viewer.organizationId, externalId))
      throw badRequest(
        "external_id: not an ExternalId Spendguard issued to this organization. Take the one the setup screen shows (GET /api/integrations/setup-kit) and put it in the role's trust policy.",
      );
  };
  /** Told when an AWS integration is connected, to start its first sync. */
  const connectedListeners: Array<(integrationId: string) => Promise<void>> = [];

  function requireAws(): AwsAccess {
    if (!aws) throw new ApiError(409, 'AwsNotConfigured', 'This server has no AWS access configured.');
    return aws;
  }

  async function verifyOrRefuse(check: Promise<AccessCheck>): Promise<AccessCheck> {
    const answer = await check;
    if (!answer.ok) throw new ApiError(400, `Aws${answer.code ?? 'Failed'}`, `role_arn: ${answer.message}`);
    return answer;
  }

  /** The built-in simulator's demo account, connected like a customer's role with its export. */
  function insertDemoIntegration(
    demo: NonNullable<AwsAccess['demo']>,
    organizationId: string,
    name = 'Acme Corp (demo AWS account)',
  ) {
    return insertIntegration(db, {
      organizationId,
      name,
      kind: 'aws-role',
      source: 'cur-export',
      externalId: demo.externalId,
      roleArn: demo.roleArn,
      // The simulated company opted in to actions, so a visitor can stop the GPU burst they launched.
      actionRoleArn: demo.actionRoleArn,
      exportLocation: { bucket: demo.bucket, prefix: demo.prefix, region: demo.region },
      settings: { demo: true },
    });
  }

  async function insertAws(viewer: Viewer, input: Exclude<CreateIntegrationInput, { kind: 'upload' }>) {
    if (input.kind === 'aws-local-credentials' && !localCredentialsAllowed)
      throw badRequest(`kind: ${LOCAL_CREDENTIALS_OFF}`);
    const access = requireAws();
    if (input.kind === 'aws-demo') {
      if (!access.demo)
        throw new ApiError(
          409,
          'DemoUnavailable',
          'The demo AWS account runs only with the built-in simulator (AWS_SIMULATOR=on).',
        );
      if (await hasDemoIntegration(db, viewer.organizationId))
        throw new ApiError(409, 'DemoAlreadyConnected', 'The demo AWS account is already connected.');
      return insertDemoIntegration(access.demo, viewer.organizationId, input.name);
    }
    const given = input.kind === 'aws-role' ? input.external_id : undefined;
    if (given !== undefined) requireIssuedExternalId(viewer, given);
    const externalId = given ?? externalIds.issue(viewer.organizationId);
    if (input.kind === 'aws-role' && input.role_arn) {
      await verifyOrRefuse(
        checkAwsAccess(
          access,
          { kind: 'aws-role', roleArn: input.role_arn, externalId },
          input.export ?? null,
          () => context.clock.now(),
        ),
      );
    }
    if (input.kind === 'aws-local-credentials')
      await verifyOrRefuse(
        checkAwsAccess(access, { kind: 'aws-local-credentials' }, input.export ?? null, () =>
          context.clock.now(),
        ),
      );
    return insertIntegration(db, {
      organizationId: viewer.organizationId,
      name: input.name,
      kind: input.kind,
      source: input.export ? 'cur-export' : 'cost-explorer',
      externalId,
      roleArn: input.kind === 'aws-role' ? input.role_arn : null,
      exportLocation: input.export,
    });
  }

  async function requireIntegration(viewer: Viewer, integrationId: string): Promise<IntegrationRow> {
    const row = await findIntegrationRow(db, viewer.organizationId, integrationId);
    if (!row) throw notFound('Integration');
    return row;
  }

  /** The stored months the plan's history window hides, when the server knows the plan. */
  async function outsideHistory(organizationId: string, billingPeriods: string[]) {
    if (!options.planInForce || billingPeriods.length === 0) return null;
    const plan = await options.planInForce(organizationId);
    const outside = monthsOutsideHistory(billingPeriods, plan, isoDayOfInstant(context.clock.now()));
    return outside ? { plan, outside } : null;
  }

  /**
   * An integration as the API shows it, its runs read before its row when only the id is given: a run's
   * end is written after the row's state (runIngestion), so an ended run is never shown beside an
   * integration still syncing.
   */
  async function viewOf(rowOrId: IntegrationRow | { viewer: Viewer; integrationId: string }) {
    const integrationId = 'viewer' in rowOrId ? rowOrId.integrationId : rowOrId.id;
    if ('viewer' in rowOrId) await requireIntegration(rowOrId.viewer, integrationId);
    const [latest, lastGood, stored] = await Promise.all([
      costData.latestRun(integrationId),
      costData.lastGoodRun(integrationId),
      costData.storedBillingPeriods(integrationId),
    ]);
    const row = 'viewer' in rowOrId ? await requireIntegration(rowOrId.viewer, integrationId) : rowOrId;
    const hidden = await outsideHistory(row.organization_id, stored);
    return integrationView(row, {
      latest,
      lastGood,
      outsideHistory: hidden && {
        months: hidden.outside.months,
        visible_from: hidden.outside.visibleFrom,
        remedy: hidden.outside.remedy,
      },
      // Kept, but reaching nothing while the operator keeps the server's own credentials off: the card says why.
      unreachableBecause:
        row.kind === 'aws-local-credentials' && !localCredentialsAllowed ? LOCAL_CREDENTIALS_OFF : undefined,
      databaseAdvice: embeddedDatabaseAdvice(
        context.database.kind,
        Math.max(latest?.factsWritten ?? 0, lastGood?.factsWritten ?? 0),
      ),
    });
  }
  /**
   * A held run's months are the organization's whole bill: a member limited to teams sees that a run is
   * held, as everyone does, but not those totals.
   */
  async function viewsFor(viewer: Viewer): Promise<(view: IntegrationView) => IntegrationView> {
    if (!(await options.scopes?.costScopeFor(viewer))?.restricted) return (view) => view;
    const withoutTotals = (run: IngestionRunView | null) => run && { ...run, held_months: null };
    return (view) => ({
      ...view,
      latest_run: withoutTotals(view.latest_run),
      last_good_run: withoutTotals(view.last_good_run),
    });
  }
  const currentView = async (viewer: Viewer, integrationId: string) =>
    (await viewsFor(viewer))(await viewOf({ viewer, integrationId }));

  const keptParts = createKeptMonthParts(context.config.dataDir);
  const monthPartsOf = (integrationId: string): MonthPartsView[] =>
    keptParts.list(integrationId).map((month) => {
      const summary = summarizeMonthParts(month);
      return {
        billing_period: summary.billingPeriod,
        parts: summary.parts,
        expected: summary.expected,
        missing: summary.missing,
        summary: summary.sentence,
      };
    });

  const { uploadDir, runIngestion, startIngestion, sweepOrphans, discardSupersededHeldRuns } =
    createIngestionRunLifecycle(context, costData, {
      reads,
      notesFor: async (organizationId, billingPeriods) => {
        const hidden = await outsideHistory(organizationId, billingPeriods);
        return hidden ? [describeMonthsOutsideHistory(hidden.outside, hidden.plan)] : [];
      },
      onUploadReplaced: async (run, files) =>
        keptParts.keepAfterRun(run.integrationId, run.billingPeriods, files),
    });

  return {
    runIngestion,
    startIngestion,
    sweepOrphans,
    requireIntegration,
    async list(viewer: Viewer) {
      const [rows, shown] = await Promise.all([
        listIntegrationRows(db, viewer.organizationId),
        viewsFor(viewer),
      ]);
      return Promise.all(rows.map(async (row) => shown(await viewOf(row))));
    },
    get: currentView,
    /** `default` is the organization's default integration (what the billing-data query reads when no integration is named). */
    async resolve(viewer: Viewer, integrationIdOrDefault: string) {
      const { organizationId } = viewer;
      return reads.read(`integration\n${organizationId}\n${integrationIdOrDefault}`, async () => {
        const row =
          integrationIdOrDefault === 'default'
            ? await findDefaultIntegrationRow(db, organizationId)
            : await findIntegrationRow(db, organizationId, integrationIdOrDefault);
        return row ? integrationView(row, {}) : undefined;
      });
    },
    async create(viewer: Viewer, input: CreateIntegrationInput) {
      assertCanManage(viewer);
      await options.assertWithinLimit?.(
        viewer,
        'integrations',
        await countIntegrations(db, viewer.organizationId),
      );
      const row =
        input.kind === 'upload'
          ? await insertIntegration(db, {
              organizationId: viewer.organizationId,
              name: input.name,
              kind: input.kind,
              source: 'upload',
              externalId: randomBytes(16).toString('hex'),
            })
          : await insertAws(viewer, input);
      if (row.kind !== 'upload' && (row.role_arn || row.kind === 'aws-local-credentials'))
        for (const listener of connectedListeners) await listener(row.id);
      return viewOf(row);
    },
    /** Checks a role before (or after) connecting it: which step failed and why. */
    async verifyRole(viewer: Viewer, input: { role_arn: string; external_id: string }): Promise<AccessCheck> {
      assertCanManage(viewer);
      requireIssuedExternalId(viewer, input.external_id);
      return checkAwsAccess(
        requireAws(),
        {
          kind: 'aws-role',
          roleArn: input.role_arn,
          externalId: input.external_id,
        },
        null,
        () => context.clock.now(),
      );
    },
    /** Sets the role ARN of an integration started on the setup screen, once it is verified. */
    async attachRole(viewer: Viewer, integrationId: string, roleArn: string) {
      assertCanManage(viewer);
      const row = await requireIntegration(viewer, integrationId);
      if (row.kind !== 'aws-role') throw badRequest('role_arn: only AWS role integrations take a role ARN.');
      const check = await checkAwsAccess(
        requireAws(),
        { kind: 'aws-role', roleArn, externalId: row.external_id },
        (row.export_location as ExportLocation | null) ?? null,
        () => context.clock.now(),
      );
      if (check.ok) {
        await updateIntegrationSettings(db, row.id, { roleArn });
        await recordIntegrationState(db, row.id, { state: 'pending' });
        for (const listener of connectedListeners) await listener(row.id);
      }
      return check;
    },
    /**
     * Turns actions on with the opt-in action role (assumed once with the integration's ExternalId to
     * check it), or off with null: from then on Spendguard may only read the account (decision 102).
     */
    async setActionRole(viewer: Viewer, integrationId: string, roleArn: string | null) {
      assertCanManage(viewer);
      const row = await requireIntegration(viewer, integrationId);
      if (row.kind !== 'aws-role')
        throw badRequest('role_arn: only AWS role integrations take an action role.');
      if (roleArn !== null) {
        if (roleArn === row.role_arn)
          throw badRequest(
            'role_arn: the action role must be a separate role; the read-only role stays read-only.',
          );
        // An action is proposed from what the read-only role sees: it may change only that account.
        const readAccount = row.role_arn ? accountOfRoleArn(row.role_arn) : undefined;
        if (accountOfRoleArn(roleArn) !== readAccount)
          throw badRequest(
            `role_arn: the action role must be in the account of the read-only role (${readAccount ?? 'none connected yet'}).`,
          );
        try {
          await openAwsSession(requireAws(), { kind: 'aws-role', roleArn, externalId: row.external_id });
        } catch (error) {
          const failure = error as AwsAccessError;
          throw new ApiError(400, `Aws${failure.code ?? 'Failed'}`, `role_arn: ${failure.message}`);
        }
      }
      await updateIntegrationSettings(db, row.id, { actionRoleArn: roleArn });
      return viewOf({ viewer, integrationId });
    },
    /** A fresh ExternalId for the setup screen, or the one it holds when it was issued to this organization. */
    externalIdFor(viewer: Viewer, held: string | undefined): string {
      return held !== undefined && externalIds.isIssuedTo(viewer.organizationId, held)
        ? held
        : externalIds.issue(viewer.organizationId);
    },
    onConnected(listener: (integrationId: string) => Promise<void>) {
      connectedListeners.push(listener);
    },
    /** The integration, when the viewer may manage it (owners and admins). */
    async requireManaged(viewer: Viewer, integrationId: string) {
      assertCanManage(viewer);
      return requireIntegration(viewer, integrationId);
    },
    /** Gives an organization the demo AWS account (the demo person's organization at start-up). */
    async connectDemoFor(organizationId: string): Promise<string | undefined> {
      if (!aws?.demo || (await hasDemoIntegration(db, organizationId))) return undefined;
      return (await insertDemoIntegration(aws.demo, organizationId)).id;
    },
    /**
     * `npm run ingest`: the file goes through the same ingestion as an upload, into the named
     * integration or the organization's "Command line" upload integration.
     */
    async ingestLocalFile(input: {
      filePath: string;
      integrationId?: string;
      organizationId?: string;
      onRunCreated?: (run: IngestionRun) => void;
    }): Promise<IngestionRun> {
      let row: IntegrationRow | undefined;
      if (input.integrationId) {
        row = await findIntegrationRowById(db, input.integrationId);
        if (!row) throw new Error(`No integration has the id ${input.integrationId}.`);
      } else if (input.organizationId) {
        row =
          (await listIntegrationRows(db, input.organizationId)).find((r) => r.name === 'Command line') ??
          (await insertIntegration(db, {
            organizationId: input.organizationId,
            name: 'Command line',
            kind: 'upload',
            source: 'upload',
            externalId: randomBytes(16).toString('hex'),
          }));
      } else
        throw new Error(
          'Name the integration (--integration <id>) or the organization (--organization <slug|email>).',
        );
      const label = path.basename(input.filePath);
      const run = await costData.createRun({
        organizationId: row.organization_id,
        integrationId: row.id,
        trigger: 'command-line',
        files: [label],
      });
      input.onRunCreated?.(run);
      return runIngestion({
        runId: run.id,
        files: [{ path: path.resolve(input.filePath), label }],
        removeAfter: false,
      });
    },
    listDueForSync: (intervalMs: number) =>
      listIntegrationsDueForSync(
        db,
        new Date(context.clock.now().getTime() - intervalMs),
        localCredentialsAllowed,
      ),
    /** AWS integrations Spendguard can reach, every organization's (the launch-events pollers). */
    listReachableAws: () => listReachableAwsIntegrations(db, localCredentialsAllowed),
    /**
     * How to reach one integration's AWS account for its launch events, without a viewer (a worker):
     * undefined when it is gone; `identity` undefined when it has no AWS access (uploads, no role yet).
     */
    async awsTargetOf(integrationId: string): Promise<AwsTarget | undefined> {
      const row = await findIntegrationRowById(db, integrationId);
      return row && awsTargetOfRow(row);
    },
    /** The organization's integrations as AWS targets (status, ledger), in the list's order. */
    async awsTargetsOf(organizationId: string): Promise<AwsTarget[]> {
      return (await listIntegrationRows(db, organizationId)).map(awsTargetOfRow);
    },
    countFor: (organizationId: string) => countIntegrations(db, organizationId),
    hasDemo: (organizationId: string) => hasDemoIntegration(db, organizationId),
    async update(viewer: Viewer, integrationId: string, patch: { name?: string; is_default?: true }) {
      assertCanManage(viewer);
      await requireIntegration(viewer, integrationId);
      if (patch.name) await renameIntegration(db, integrationId, patch.name);
      if (patch.is_default) await makeDefaultIntegration(db, viewer.organizationId, integrationId);
      return viewOf(await requireIntegration(viewer, integrationId));
    },
    /** Disconnecting deletes the integration with its facts, rollups, runs and inventory (cascade). */
    async remove(viewer: Viewer, integrationId: string) {
      assertCanManage(viewer);
      await requireIntegration(viewer, integrationId);
      await deleteIntegrationRow(db, viewer.organizationId, integrationId);
      keptParts.remove(integrationId);
    },
    status: currentView,

    /**
     * A person's answer to a held upload: `confirm` reads its file again and replaces the months after
     * all; `discard` keeps the current numbers. Either way the file is removed once the run ends.
     */
    async decideHeldRun(
      viewer: Viewer,
      ids: { integrationId: string; runId: string },
      action: 'confirm' | 'discard',
    ): Promise<IngestionRunView> {
      assertCanManage(viewer);
      await requireIntegration(viewer, ids.integrationId);
      const owner = { organizationId: viewer.organizationId, integrationId: ids.integrationId };
      const run = await costData.findRunOf(owner, ids.runId);
      if (!run) throw notFound('Ingestion run');
      const released = await costData.releaseHeldRun(run.id, action === 'confirm' ? 'queued' : 'discarded');
      if (!released?.held)
        throw new ApiError(
          409,
          'RunNotHeld',
          `runId: this upload is ${run.state}, not waiting for a decision.`,
        );
      if (action === 'discard') removeUploadedFiles(released.held.files);
      else
        await startIngestion({
          runId: run.id,
          files: released.held.files,
          removeAfter: true,
          whenShrinking: 'confirmed',
        });
      return toRunView((await costData.findRun(run.id)) ?? released);
    },

    /**
     * Streams the uploaded files to disk (never whole in memory), a zip's expanded, then ingests them in
     * one run: files of one billing period make the month together, in whatever order they came. A file
     * that looks like another part of a month kept from an earlier upload waits for the person's choice
     * (`parts`: add or replace); manifests alone are kept with their month.
     */
    async acceptUpload(
      viewer: Viewer,
      integrationId: string,
      uploads: AsyncIterable<UploadedFile>,
      choice?: PartsChoice,
    ): Promise<{ run: IngestionRunView } | { months: MonthPartsView[] }> {
      assertCanManage(viewer);
      const integration = await requireIntegration(viewer, integrationId);
      const folder = path.join(uploadDir, randomBytes(8).toString('hex'));
      fs.mkdirSync(folder, { recursive: true });
      let files: BillingFileToIngest[];
      try {
        const stored = await storeUploadedFiles(uploads, folder, {
          maxFileBytes: context.config.uploadMaxBytes,
          maxExpandedBytes: context.config.ingestion.maxExpandedBytes,
        });
        const { billingFiles, manifests } = separateManifests(stored);
        if (billingFiles.length === 0) {
          for (const manifest of manifests) keptParts.keepManifest(integration.id, manifest);
          fs.rmSync(folder, { recursive: true, force: true });
          return { months: monthPartsOf(integration.id) };
        }
        files = await filesToRead(
          keptParts,
          { integrationId: integration.id, folder, billingFiles, manifests, choice },
          context.config.ingestion,
        );
        keptParts.noteUploadManifests(folder, manifests);
      } catch (error) {
        fs.rmSync(folder, { recursive: true, force: true });
        throw error;
      }
      await discardSupersededHeldRuns(integration.id);
      const run = await costData.createRun({
        organizationId: viewer.organizationId,
        integrationId: integration.id,
        trigger: 'upload',
        files: files.map((file) => file.label),
        uploadDir: folder,
      });
      await startIngestion({ runId: run.id, files, removeAfter: true });
      return { run: toRunView((await costData.findRun(run.id)) ?? run) };
    },

    /** The months kept in parts from uploads, each with its missing parts when a manifest names them. */
    async monthParts(viewer: Viewer, integrationId: string): Promise<MonthPartsView[]> {
      await requireIntegration(viewer, integrationId);
      return monthPartsOf(integrationId);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
