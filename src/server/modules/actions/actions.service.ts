import type { ActionLogView, ProposeActionInput, ResourceActionView } from '../../../contracts/actions.ts';
import { type AutomaticPolicy, automaticRunAt, policyCovers } from '../../../domain/automatic-actions.ts';
import {
  type ActionKind,
  FIRST_OPERATION,
  reviewTagValue,
  UNDO_OPERATION,
} from '../../../domain/resource-action-plans.ts';
import {
  ACTION_RATE_LIMIT,
  mayApprove,
  nothingToUndoMessage,
  PROPOSAL_LIFETIME_MS,
  type ResourceOperation,
  rateLimitRetryAt,
  runStatus,
} from '../../../domain/resource-actions.ts';
import { accountOfRoleArn } from '../../../domain/role-arn.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import { createSignal } from '../../signal.ts';
import type { AwsTarget, IntegrationsService } from '../integrations/integrations.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { driverContext } from './action-driver.ts';
import { type ActionLinks, bindingOf, hashOf } from './action-links.ts';
import { proposedSteps, runSteps } from './action-steps.ts';
import {
  type ActionLogRow,
  type ActionRow,
  claimDecision,
  claimKeep,
  claimUndo,
  findAction,
  findActionByLinkHash,
  findActionOfNotification,
  insertAction,
  insertLogEntries,
  listDueAutomatic,
  listLog,
  logEntriesOf,
  recentActionTimes,
  SPENDGUARD_PROPOSER,
  type StoredStep,
  setActionStatus,
  setAutomaticPolicy,
  setLinkTokenHash,
} from './actions.repository.ts';
import { actionView, logEntryView, ranSummary } from './actions-views.ts';
import { DRIVERS } from './resource-drivers.ts';

export interface ActionsDependencies {
  context: AppContext;
  integrations: Pick<IntegrationsService, 'awsTargetOf'>;
  organizations: Pick<OrganizationsService, 'costScopeFor'>;
  links: ActionLinks;
}

/** What an action did, for the thread of the alert it was proposed for. */
export interface ActionRan {
  organizationId: string;
  notificationId: string;
  actionId: string;
  /** "Olivia Owner stopped 8 of 8 instances in 746251839027 (us-east-1) through the mail's link." */
  summary: string;
  lines: string[];
}

/** The instances a launch alert names, as its notification's details keep them. */
export interface AlertResources {
  organizationId: string;
  notificationId: string;
  launchId: string | null;
  instances: Array<{ instanceId: string; integrationId: string; region: string }>;
  /** The rule's automatic policy as the alert kept it when it fired (decision 121). */
  automatic: { policy: AutomaticPolicy; ruleName: string } | null;
}

/** An alert's waiting stop: its signed confirmation page, how many it stops, and the rule's policy. */
export interface AlertStopOffer {
  actionId: string;
  url: string;
  count: number;
  automatic: { mode: 'dry-run' | 'on'; at: Date } | null;
}

/** Who proposes: a person (their rights are checked), or Spendguard for an alert (nobody's approval). */
type Proposer = { viewer: Viewer } | { system: { organizationId: string } };

type Via = 'app' | 'mail' | 'slack' | 'api' | 'policy';

/** Who approved a run, for its log rows and the alert's thread: a person, or a rule's automatic policy. */
interface Approver {
  id: string;
  name: string;
}

const KEPT_HOW: Partial<Record<Via, string>> = { mail: "through the alert's link", slack: 'from Slack' };

const viaOf = (viewer: Viewer): Via => (viewer.apiToken ? 'api' : 'app');
const approverOf = (viewer: Viewer): Approver => ({ id: viewer.userId, name: viewer.name });
const policyApprover = (row: ActionRow): Approver => ({
  id: SPENDGUARD_PROPOSER,
  name: `Spendguard's automatic policy of rule “${row.automatic_rule ?? ''}”`,
});

/**
 * Acting on a customer's resources (decision 102): a proposal runs EC2's dry run with the opt-in
 * action role and keeps what it will change; a person who may approve confirms it (in the app, through
 * the mail's link, or with an `actions:write` token); each resource's outcome is logged; a stop is undone
 * by starting what it stopped.
 */
export function createActionsService(deps: ActionsDependencies) {
  const { context, links } = deps;
  const { db } = context.database;
  const now = () => context.clock.now();
  // After an action ran (or its undo): the alert it came with tells its thread (decision 111).
  const actionRan = createSignal<ActionRan>({
    failure: 'a listener failed after an action ran',
    detailsOf: (event) => ({ actionId: event.actionId, notificationId: event.notificationId }),
    log: context.log,
  });

  function requireAccess() {
    if (!context.aws)
      throw new ApiError(409, 'AwsNotConfigured', 'This server has no AWS access configured.');
    return context.aws;
  }

  async function requireTarget(organizationId: string, integrationId: string): Promise<AwsTarget> {
    const target = await deps.integrations.awsTargetOf(integrationId);
    if (!target || target.organizationId !== organizationId) throw notFound('Integration');
    return target;
  }

  function requireActionRole(target: AwsTarget) {
    if (!target.identity || !target.actionIdentity)
      throw new ApiError(
        409,
        'ActionsNotEnabled',
        `integration_id: actions are off for ${target.name}: Spendguard may only read it. An owner or admin adds the opt-in action role on the integration's card first.`,
      );
    return { read: target.identity, act: target.actionIdentity };
  }

  /** When the organization may act again under its rate limit, or undefined when it may now. */
  async function rateLimitedUntil(organizationId: string, nowMs: number): Promise<number | undefined> {
    const recent = await recentActionTimes(db, organizationId, new Date(nowMs - ACTION_RATE_LIMIT.windowMs));
    return rateLimitRetryAt(
      recent.map((at) => at.getTime()),
      nowMs,
    );
  }

  async function assertWithinRateLimit(organizationId: string) {
    const nowMs = now().getTime();
    const retryAt = await rateLimitedUntil(organizationId, nowMs);
    if (retryAt !== undefined) {
      const seconds = Math.max(1, Math.ceil((retryAt - nowMs) / 1000));
      throw new ApiError(
        429,
        'TooManyActions',
        `Your organization proposed or ran ${ACTION_RATE_LIMIT.count} actions in the last ${ACTION_RATE_LIMIT.windowMs / 60_000} minutes: try again in ${seconds} s.`,
        { 'retry-after': String(seconds) },
      );
    }
  }

  async function assertMayApprove(viewer: Viewer, accountId: string, steps: StoredStep[]) {
    const scope = await deps.organizations.costScopeFor(viewer);
    const outside = steps.find(
      (step) => !mayApprove(viewer.organizationRole, scope, { accountId, tags: step.tags }),
    );
    if (outside)
      throw forbidden(
        `Only owners, admins and members whose team covers the resource may act on it: ${outside.resourceId} is outside your team's scope.`,
      );
  }

  /** Describes (read-only role), plans (domain rules), then dry-runs each change with the action role. */
  async function propose(
    proposer: Proposer,
    input: {
      target: AwsTarget;
      kind: ActionKind;
      operation: ResourceOperation;
      region: string;
      resourceIds: string[];
      /** The account a resource reference named: another account than the role's reads as missing. */
      accountId?: string;
      inputOf: (resourceId: string) => unknown;
      launchId: string | null;
      undoOf: string | null;
      notificationId?: string;
    },
  ): Promise<{ row: ActionRow; link: string | null }> {
    const { target, operation, region, kind } = input;
    const roles = requireActionRole(target);
    const driver = DRIVERS[kind];
    const context = driverContext(requireAccess(), roles, region);
    const accountId = roles.act.kind === 'aws-role' ? (accountOfRoleArn(roles.act.roleArn) ?? '') : '';
    const described =
      input.accountId !== undefined && input.accountId !== accountId
        ? { missing: input.resourceIds.join(', ') }
        : await driver.describe(context, input.resourceIds);
    if ('missing' in described)
      throw new ApiError(
        404,
        'NotFound',
        `${kind === 'stop-instances' ? 'instance_ids' : 'resource'}: not found in ${target.name} (${input.accountId ?? accountId}, ${region}): ${described.missing}`,
      );
    const steps = await proposedSteps(driver, context, operation, described.resources, input.inputOf);
    const organizationId =
      'viewer' in proposer ? proposer.viewer.organizationId : proposer.system.organizationId;
    if ('viewer' in proposer) await assertMayApprove(proposer.viewer, accountId, steps);
    const changing = steps.filter((step) => step.outcome === 'change').length;
    const proposedAt = now();
    const row = await insertAction(db, {
      organizationId,
      integrationId: target.id,
      kind,
      operation,
      notificationId: input.notificationId ?? null,
      accountId,
      region,
      launchId: input.launchId,
      undoOf: input.undoOf,
      plan: steps,
      dryRunAnswer:
        changing > 0
          ? `${driver.dryRunName}: ${changing} of ${steps.length} would be ${driver.pastTense(operation)}.`
          : 'Nothing to change.',
      status: changing > 0 ? 'proposed' : 'nothing-to-do',
      proposedBy: 'viewer' in proposer ? proposer.viewer.userId : SPENDGUARD_PROPOSER,
      proposedAt,
      expiresAt: new Date(proposedAt.getTime() + PROPOSAL_LIFETIME_MS),
    });
    if (changing === 0) return { row, link: null };
    const binding = bindingOf(
      operation,
      steps.map((step) => step.resourceId),
    );
    const issued = input.notificationId ? links.issueForAlert(row.id, binding) : links.issue(row.id, binding);
    await setLinkTokenHash(db, row.id, issued.hash);
    return { row: { ...row, link_token_hash: issued.hash }, link: issued.token };
  }

  /** Runs a claimed proposal: the state read again, one call per resource, one log row per resource. */
  async function run(approver: Approver, row: ActionRow, via: Via): Promise<void> {
    const target = await requireTarget(row.organization_id, row.integration_id);
    const roles = requireActionRole(target);
    const operation = row.operation as ResourceOperation;
    const driver = DRIVERS[row.kind as ActionKind];
    const context = driverContext(requireAccess(), roles, row.region);
    const outcomes = await runSteps(driver, context, operation, row.plan as unknown as StoredStep[]);
    const at = now();
    await insertLogEntries(
      db,
      outcomes.map((outcome) => ({
        action_id: row.id,
        organization_id: row.organization_id,
        integration_id: row.integration_id,
        resource_id: outcome.resourceId,
        operation,
        outcome: outcome.outcome,
        state_before: outcome.stateBefore,
        state_after: outcome.stateAfter,
        aws_code: outcome.awsCode,
        aws_message: outcome.awsMessage,
        approved_by: approver.id,
        approved_by_name: approver.name,
        approved_via: via,
        at,
        restore: (outcome.restore ?? null) as ActionLogRow['restore'],
      })),
    );
    await setActionStatus(db, row.id, runStatus(outcomes.map((outcome) => outcome.outcome)));
    await tellThread(
      row,
      ranSummary({ row, approver, via, outcomes, pastTense: driver.pastTense(operation) }),
    );
  }

  /** The alert an action (or the action it undoes) came with hears what was done. */
  async function tellThread(row: ActionRow, told: { summary: string; lines: string[] }) {
    const notificationId =
      row.notification_id ??
      (row.undo_of ? (await findAction(db, row.organization_id, row.undo_of))?.notification_id : null);
    if (notificationId)
      await actionRan.emit({
        organizationId: row.organization_id,
        notificationId,
        actionId: row.id,
        ...told,
      });
  }

  /**
   * A dry-run policy records, per resource, what its run would have changed, and changes nothing: the
   * plan's dry run is the answer (decision 121).
   */
  async function recordDryRun(row: ActionRow): Promise<void> {
    const approver = policyApprover(row);
    const steps = row.plan as unknown as StoredStep[];
    const at = now();
    await insertLogEntries(
      db,
      steps.map((step) => ({
        action_id: row.id,
        organization_id: row.organization_id,
        integration_id: row.integration_id,
        resource_id: step.resourceId,
        operation: row.operation,
        outcome: step.outcome === 'change' ? 'would-change' : step.outcome,
        state_before: step.stateBefore,
        state_after: step.stateAfter,
        aws_code: null,
        aws_message: step.dryRun ?? step.reason ?? row.dry_run_answer,
        approved_by: approver.id,
        approved_by_name: approver.name,
        approved_via: 'policy',
        at,
        restore: null,
      })),
    );
    await setActionStatus(db, row.id, 'dry-run');
    const driver = DRIVERS[row.kind as ActionKind];
    const would = steps.filter((step) => step.outcome === 'change');
    await tellThread(row, {
      summary: `${approver.name} would have ${driver.pastTense(row.operation as ResourceOperation)} ${would.length} of ${steps.length} in ${row.account_id} (${row.region}): a dry run, nothing was changed.`,
      lines: steps.map((step) =>
        step.outcome === 'change'
          ? `${step.resourceId}: ${step.stateBefore} → ${step.stateAfter} (not done)`
          : `${step.resourceId}: ${step.outcome}${step.reason ? ` (${step.reason})` : ''}`,
      ),
    });
  }

  async function viewOf(organizationId: string, actionId: string, link: string | null = null) {
    const row = await findAction(db, organizationId, actionId);
    if (!row) throw notFound('Action');
    return actionView(row, await logEntriesOf(db, organizationId, actionId), link);
  }

  async function decide(viewer: Viewer, row: ActionRow, via: Via, viaLink: boolean) {
    if (row.status !== 'proposed')
      throw new ApiError(
        409,
        'AlreadyDecided',
        `This action is ${row.status}: it can be confirmed only once.`,
      );
    if (row.expires_at.getTime() <= now().getTime())
      throw new ApiError(
        410,
        'ProposalExpired',
        'This proposal is more than 24 hours old: propose it again to see the state now.',
      );
    await assertMayApprove(viewer, row.account_id, row.plan as unknown as StoredStep[]);
    await assertWithinRateLimit(viewer.organizationId);
    if (!(await claimDecision(db, row.id, { by: viewer.userId, via, at: now(), viaLink })))
      throw new ApiError(409, 'AlreadyDecided', 'Someone confirmed this action a moment ago.');
    try {
      await run(approverOf(viewer), row, via);
    } catch (error) {
      await setActionStatus(db, row.id, 'failed');
      throw error;
    }
    return viewOf(viewer.organizationId, row.id);
  }

  /** The action a confirmation link opens, when the link is genuine, unspent and for this organization. */
  async function actionOfLink(viewer: Viewer, token: string): Promise<ActionRow> {
    const row = await findActionByLinkHash(db, hashOf(token));
    const steps = (row?.plan ?? []) as unknown as StoredStep[];
    if (
      !row ||
      row.organization_id !== viewer.organizationId ||
      !links.verify(
        token,
        row.id,
        bindingOf(
          row.operation,
          steps.map((step) => step.resourceId),
        ),
      )
    )
      throw notFound('Confirmation link');
    if (row.link_used_at) throw new ApiError(410, 'LinkUsed', 'This confirmation link was already used.');
    if (row.expires_at.getTime() <= now().getTime())
      throw new ApiError(410, 'LinkExpired', 'This confirmation link has expired (links last 24 hours).');
    return row;
  }

  async function keepProposal(viewer: Viewer, row: ActionRow, via: Via): Promise<ResourceActionView> {
    if (row.status !== 'proposed')
      throw new ApiError(
        409,
        'AlreadyDecided',
        `This action is ${row.status}: only a waiting proposal can be kept.`,
      );
    const steps = row.plan as unknown as StoredStep[];
    await assertMayApprove(viewer, row.account_id, steps);
    if (!(await claimKeep(db, row.id, { by: viewer.userId, at: now() })))
      throw new ApiError(409, 'AlreadyDecided', 'Someone decided this action a moment ago.');
    const resources = steps.filter((step) => step.outcome === 'change').map((step) => step.resourceId);
    await tellThread(row, {
      summary: `${viewer.name} kept ${resources.length === 1 ? 'it' : `these ${resources.length}`} running ${KEPT_HOW[via] ?? 'in Spendguard'}${row.automatic_mode ? ": the rule's automatic policy will not act" : ''}.`,
      lines: resources,
    });
    return viewOf(viewer.organizationId, row.id);
  }

  /** Puts back what a done (or partly done) action changed, through its own proposal, once. */
  async function undoAction(viewer: Viewer, actionId: string, via: Via): Promise<ResourceActionView> {
    const original = await findAction(db, viewer.organizationId, actionId);
    if (!original) throw notFound('Action');
    const operation = original.operation as ResourceOperation;
    const undoOperation = UNDO_OPERATION[operation];
    const changed = (await logEntriesOf(db, viewer.organizationId, actionId)).filter(
      (entry) => entry.operation === operation && entry.outcome === 'changed',
    );
    if (!undoOperation || changed.length === 0 || !['done', 'partly-done'].includes(original.status))
      throw new ApiError(409, 'NothingToUndo', nothingToUndoMessage(original.status));
    // Who may approve the action may undo it: checked before anything is claimed or described.
    await assertMayApprove(viewer, original.account_id, original.plan as unknown as StoredStep[]);
    const target = await requireTarget(viewer.organizationId, original.integration_id);
    await assertWithinRateLimit(viewer.organizationId);
    if (!(await claimUndo(db, original.id)))
      throw new ApiError(409, 'NothingToUndo', 'This action was undone a moment ago.');
    try {
      const { row } = await propose(
        { viewer },
        {
          target,
          kind: original.kind as ActionKind,
          operation: undoOperation,
          region: original.region,
          resourceIds: changed.map((entry) => entry.resource_id),
          inputOf: (resourceId) => changed.find((entry) => entry.resource_id === resourceId)?.restore ?? null,
          launchId: original.launch_id,
          undoOf: original.id,
        },
      );
      if (row.status !== 'proposed') return await viewOf(viewer.organizationId, row.id);
      return await decide(viewer, row, via, false);
    } catch (error) {
      await setActionStatus(db, original.id, original.status);
      throw error;
    }
  }

  function alertOfferOf(row: ActionRow | undefined): AlertStopOffer | null {
    if (row?.status !== 'proposed' || row.link_used_at || row.expires_at.getTime() <= now().getTime())
      return null;
    const steps = row.plan as unknown as StoredStep[];
    const { token } = links.issueForAlert(
      row.id,
      bindingOf(
        row.operation,
        steps.map((step) => step.resourceId),
      ),
    );
    return {
      actionId: row.id,
      url: `${context.config.publicUrl}/actions/confirm/${token}`,
      count: steps.filter((step) => step.outcome === 'change').length,
      automatic:
        row.automatic_mode && row.automatic_at
          ? { mode: row.automatic_mode as 'dry-run' | 'on', at: row.automatic_at }
          : null,
    };
  }

  return {
    onActionRan: actionRan.subscribe,

    /** POST /api/actions: the dry run, and what will change; nothing changes yet. */
    async propose(viewer: Viewer, input: ProposeActionInput): Promise<ResourceActionView> {
      const target = await requireTarget(viewer.organizationId, input.integration_id);
      await assertWithinRateLimit(viewer.organizationId);
      const common = { target, kind: input.kind, operation: FIRST_OPERATION[input.kind], undoOf: null };
      const { row, link } =
        input.kind === 'stop-instances'
          ? await propose(
              { viewer },
              {
                ...common,
                region: input.region,
                resourceIds: input.instance_ids,
                inputOf: () => null,
                launchId: input.launch_id ?? null,
              },
            )
          : await propose(
              { viewer },
              {
                ...common,
                region: input.resource.region,
                resourceIds: [input.resource.id],
                accountId: input.resource.account_id,
                inputOf: () =>
                  input.kind === 'tag-for-review'
                    ? reviewTagValue({
                        who: viewer.name,
                        why: input.reason,
                        day: now().toISOString().slice(0, 10),
                      })
                    : null,
                launchId: null,
              },
            );
      return viewOf(
        viewer.organizationId,
        row.id,
        link && `${context.config.publicUrl}/actions/confirm/${link}`,
      );
    },

    get: (viewer: Viewer, actionId: string) => viewOf(viewer.organizationId, actionId),

    /**
     * A launch alert's action (decision 111): once per alert, the stop of its running instances is
     * proposed (the dry run kept), when the integration has the action role. Nothing when it has not,
     * or when the alert names no instance.
     */
    async proposeForAlert(alert: AlertResources): Promise<void> {
      if (await findActionOfNotification(db, alert.notificationId)) return;
      const first = alert.instances[0];
      if (!first) return;
      const target = await deps.integrations.awsTargetOf(first.integrationId);
      if (!target || target.organizationId !== alert.organizationId || !target.actionIdentity) return;
      const ids = alert.instances
        .filter((one) => one.integrationId === first.integrationId && one.region === first.region)
        .map((one) => one.instanceId)
        .slice(0, 100);
      const { row } = await propose(
        { system: { organizationId: alert.organizationId } },
        {
          target,
          kind: 'stop-instances',
          operation: 'stop',
          region: first.region,
          resourceIds: [...new Set(ids)],
          inputOf: () => null,
          launchId: alert.launchId,
          undoOf: null,
          notificationId: alert.notificationId,
        },
      );
      const automatic = alert.automatic;
      if (row.status === 'proposed' && automatic && policyCovers(automatic.policy, row.account_id))
        await setAutomaticPolicy(db, row.id, {
          mode: automatic.policy.mode,
          // From the proposal, made as the alert is dispatched, on the injected clock.
          at: automaticRunAt(automatic.policy, row.proposed_at),
          rule: automatic.ruleName,
        });
    },

    /** The confirmation page's address for an alert's action, while it waits for someone to confirm it. */
    async alertLinkOf(notificationId: string): Promise<AlertStopOffer | null> {
      return alertOfferOf(await findActionOfNotification(db, notificationId));
    },

    /** The same offer for an alert's action named by its id (a Slack button names it, decision 132). */
    async alertLinkOfAction(organizationId: string, actionId: string): Promise<AlertStopOffer | null> {
      const row = await findAction(db, organizationId, actionId);
      return row?.notification_id ? alertOfferOf(row) : null;
    },

    /**
     * POST /api/actions/:id/keep (and through the mail's link): a person who may approve keeps the
     * resources as they are; the proposal ends, and a rule's automatic policy will not act on it.
     */
    async keep(viewer: Viewer, actionId: string): Promise<ResourceActionView> {
      const row = await findAction(db, viewer.organizationId, actionId);
      if (!row) throw notFound('Action');
      return keepProposal(viewer, row, viaOf(viewer));
    },

    async keepLink(viewer: Viewer, token: string): Promise<ResourceActionView> {
      return keepProposal(viewer, await actionOfLink(viewer, token), 'mail');
    },

    /**
     * The rules' automatic policies that are due (decision 121): each proposal nobody decided or kept
     * runs (mode on) or records what it would have done (dry run), once; the organization's rate limit
     * holds it back until the next pass. Answers how many acted.
     */
    async runDueAutomatic(): Promise<number> {
      let acted = 0;
      for (const row of await listDueAutomatic(db, now())) {
        if ((await rateLimitedUntil(row.organization_id, now().getTime())) !== undefined) continue;
        const at = now();
        if (
          !(await claimDecision(db, row.id, { by: SPENDGUARD_PROPOSER, via: 'policy', at, viaLink: false }))
        )
          continue;
        try {
          if (row.automatic_mode === 'on') await run(policyApprover(row), row, 'policy');
          else await recordDryRun(row);
          acted += 1;
        } catch (error) {
          await setActionStatus(db, row.id, 'failed');
          context.log.error({ err: error, actionId: row.id }, "a rule's automatic policy failed to act");
        }
      }
      return acted;
    },

    /**
     * A Slack button of the alert (decision 132): the person Slack named, matched to a member by the
     * interactions service, confirms, keeps or undoes under the same approval rules as in the app.
     */
    async decideFromSlack(viewer: Viewer, actionId: string, decision: 'confirm' | 'keep' | 'undo') {
      if (decision === 'undo') return undoAction(viewer, actionId, 'slack');
      const row = await findAction(db, viewer.organizationId, actionId);
      if (!row) throw notFound('Action');
      return decision === 'confirm'
        ? decide(viewer, row, 'slack', false)
        : keepProposal(viewer, row, 'slack');
    },

    /** POST /api/actions/:id/confirm: in the app (or with an actions:write token). */
    async confirm(viewer: Viewer, actionId: string): Promise<ResourceActionView> {
      const row = await findAction(db, viewer.organizationId, actionId);
      if (!row) throw notFound('Action');
      return decide(viewer, row, viaOf(viewer), false);
    },

    /** GET /api/action-links/:token: what the link would do; a GET never acts. */
    async openLink(viewer: Viewer, token: string): Promise<ResourceActionView> {
      const row = await actionOfLink(viewer, token);
      return viewOf(viewer.organizationId, row.id);
    },

    /** POST /api/action-links/:token/confirm: the mail's confirmation page, once. */
    async confirmLink(viewer: Viewer, token: string): Promise<ResourceActionView> {
      const row = await actionOfLink(viewer, token);
      return decide(viewer, row, 'mail', true);
    },

    /**
     * POST /api/actions/:id/undo: puts back what the action changed (starts what a stop stopped, a
     * group's sizes, a tag's old value), with its own dry run, confirmed by this request.
     */
    undo: (viewer: Viewer, actionId: string) => undoAction(viewer, actionId, viaOf(viewer)),

    /** GET /api/action-log: every resource acted on, newest first (owners and admins, or costs:read tokens). */
    async log(viewer: Viewer, query: { integration_id?: string; limit: number }): Promise<ActionLogView> {
      if (viewer.organizationRole === 'member' && !viewer.apiToken)
        throw forbidden('Only owners and admins read the actions log.');
      if (query.integration_id) await requireTarget(viewer.organizationId, query.integration_id);
      const rows = await listLog(db, viewer.organizationId, {
        integrationId: query.integration_id,
        limit: query.limit,
      });
      return { entries: rows.map(logEntryView) };
    },
  };
}

export type ActionsService = ReturnType<typeof createActionsService>;
