import type { ActionLogView, ProposeActionInput, ResourceActionView } from '../../../contracts/actions.ts';
import {
  ACTION_RATE_LIMIT,
  mayApprove,
  PROPOSAL_LIFETIME_MS,
  planInstanceOperation,
  type ResourceOperation,
  rateLimitRetryAt,
  runStatus,
} from '../../../domain/resource-actions.ts';
import { storableText } from '../../../domain/storable-text.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, forbidden, notFound } from '../../plugins/errors.ts';
import type { AwsTarget, IntegrationsService } from '../integrations/integrations.service.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { type ActionLinks, bindingOf, hashOf } from './action-links.ts';
import {
  type ActionRow,
  claimDecision,
  claimUndo,
  findAction,
  findActionByLinkHash,
  insertAction,
  insertLogEntries,
  listLog,
  logEntriesOf,
  recentActionTimes,
  type StoredStep,
  setActionStatus,
  setLinkTokenHash,
} from './actions.repository.ts';
import { actionView, logEntryView } from './actions-views.ts';
import { describeInstances, dryRun, ec2Of, runOperation } from './instance-calls.ts';

export interface ActionsDependencies {
  context: AppContext;
  integrations: Pick<IntegrationsService, 'awsTargetOf'>;
  organizations: Pick<OrganizationsService, 'costScopeFor'>;
  links: ActionLinks;
}

type Via = 'app' | 'mail' | 'slack' | 'api';

const viaOf = (viewer: Viewer): Via => (viewer.apiToken ? 'api' : 'app');

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

  async function assertWithinRateLimit(organizationId: string) {
    const nowMs = now().getTime();
    const recent = await recentActionTimes(db, organizationId, new Date(nowMs - ACTION_RATE_LIMIT.windowMs));
    const retryAt = rateLimitRetryAt(
      recent.map((at) => at.getTime()),
      nowMs,
    );
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
    viewer: Viewer,
    input: {
      target: AwsTarget;
      operation: ResourceOperation;
      region: string;
      instanceIds: string[];
      launchId: string | null;
      undoOf: string | null;
    },
  ): Promise<{ row: ActionRow; link: string | null }> {
    const { target, operation, region } = input;
    const roles = requireActionRole(target);
    const access = requireAccess();
    const reader = await ec2Of(access, roles.read, region);
    const described = await describeInstances(reader, input.instanceIds);
    if ('missing' in described)
      throw new ApiError(
        404,
        'NotFound',
        `instance_ids: not found in ${target.name} (${region}): ${described.missing}`,
      );
    const accountId = roles.act.kind === 'aws-role' ? (roles.act.roleArn.split(':')[4] ?? '') : '';
    const plan = planInstanceOperation(operation, described.instances);
    const tagsOf = (id: string) => described.instances.find((one) => one.instanceId === id)?.tags ?? {};
    const actor = await ec2Of(access, roles.act, region);
    const steps: StoredStep[] = await Promise.all(
      plan.map(async (step): Promise<StoredStep> => {
        const base = {
          resourceId: step.instanceId,
          stateBefore: step.stateBefore,
          tags: tagsOf(step.instanceId),
        };
        if (step.outcome !== 'change')
          return { ...base, outcome: step.outcome, stateAfter: null, reason: step.reason, dryRun: null };
        const answer = await dryRun(actor, operation, step.instanceId);
        return answer.ok
          ? { ...base, outcome: 'change', stateAfter: step.stateAfter, reason: null, dryRun: answer.answer }
          : {
              ...base,
              outcome: 'refused',
              stateAfter: null,
              reason: `AWS refused the dry run: ${storableText(answer.answer)}`,
              dryRun: storableText(answer.answer),
            };
      }),
    );
    await assertMayApprove(viewer, accountId, steps);
    const changing = steps.filter((step) => step.outcome === 'change').length;
    const proposedAt = now();
    const row = await insertAction(db, {
      organizationId: viewer.organizationId,
      integrationId: target.id,
      operation,
      accountId,
      region,
      launchId: input.launchId,
      undoOf: input.undoOf,
      plan: steps,
      dryRunAnswer:
        changing > 0
          ? `EC2 dry run: ${changing} of ${steps.length} would be ${operation === 'stop' ? 'stopped' : 'started'}.`
          : 'Nothing to change.',
      status: changing > 0 ? 'proposed' : 'nothing-to-do',
      proposedBy: viewer.userId,
      proposedAt,
      expiresAt: new Date(proposedAt.getTime() + PROPOSAL_LIFETIME_MS),
    });
    if (changing === 0) return { row, link: null };
    const issued = links.issue(
      row.id,
      bindingOf(
        operation,
        steps.map((step) => step.resourceId),
      ),
    );
    await setLinkTokenHash(db, row.id, issued.hash);
    return { row: { ...row, link_token_hash: issued.hash }, link: issued.token };
  }

  /** Runs a claimed proposal: the state read again, one call per resource, one log row per resource. */
  async function run(viewer: Viewer, row: ActionRow, via: Via): Promise<void> {
    const target = await requireTarget(row.organization_id, row.integration_id);
    const roles = requireActionRole(target);
    const access = requireAccess();
    const operation = row.operation as ResourceOperation;
    const steps = row.plan as unknown as StoredStep[];
    const reader = await ec2Of(access, roles.read, row.region);
    const actor = await ec2Of(access, roles.act, row.region);
    const current = await describeInstances(
      reader,
      steps.map((step) => step.resourceId),
    );
    const stateNow = (id: string, fallback: string) =>
      'instances' in current
        ? (current.instances.find((one) => one.instanceId === id)?.state ?? fallback)
        : fallback;
    const replanned = 'instances' in current ? planInstanceOperation(operation, current.instances) : [];
    const entries = await Promise.all(
      steps.map(async (step) => {
        const before = stateNow(step.resourceId, step.stateBefore);
        const again = replanned.find((one) => one.instanceId === step.resourceId);
        const base = {
          action_id: row.id,
          organization_id: row.organization_id,
          integration_id: row.integration_id,
          resource_id: step.resourceId,
          operation,
          state_before: before,
          approved_by: viewer.userId,
          approved_by_name: viewer.name,
          approved_via: via,
          at: now(),
        };
        if (step.outcome !== 'change' || (again && again.outcome !== 'change')) {
          const reason = again && 'reason' in again ? again.reason : (step.reason ?? 'Not changed.');
          const outcome =
            step.outcome === 'refused' || again?.outcome === 'refused' ? 'refused' : 'nothing-to-do';
          return { ...base, outcome, state_after: before, aws_code: null, aws_message: reason };
        }
        const answer = await runOperation(actor, operation, step.resourceId);
        return answer.ok
          ? {
              ...base,
              outcome: 'changed',
              state_after: answer.stateAfter,
              aws_code: null,
              aws_message: answer.message,
            }
          : {
              ...base,
              outcome: 'failed',
              state_after: null,
              aws_code: answer.code,
              aws_message: storableText(answer.message),
            };
      }),
    );
    await insertLogEntries(db, entries);
    await setActionStatus(
      db,
      row.id,
      runStatus(entries.map((entry) => entry.outcome as 'changed' | 'failed' | 'nothing-to-do' | 'refused')),
    );
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
      await run(viewer, row, via);
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

  return {
    /** POST /api/actions: the dry run, and what will change; nothing changes yet. */
    async propose(viewer: Viewer, input: ProposeActionInput): Promise<ResourceActionView> {
      const target = await requireTarget(viewer.organizationId, input.integration_id);
      await assertWithinRateLimit(viewer.organizationId);
      const { row, link } = await propose(viewer, {
        target,
        operation: 'stop',
        region: input.region,
        instanceIds: input.instance_ids,
        launchId: input.launch_id ?? null,
        undoOf: null,
      });
      return viewOf(
        viewer.organizationId,
        row.id,
        link && `${context.config.publicUrl}/actions/confirm/${link}`,
      );
    },

    get: (viewer: Viewer, actionId: string) => viewOf(viewer.organizationId, actionId),

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

    /** POST /api/actions/:id/undo: starts what the stop stopped (its own dry run, confirmed by this request). */
    async undo(viewer: Viewer, actionId: string): Promise<ResourceActionView> {
      const original = await findAction(db, viewer.organizationId, actionId);
      if (!original) throw notFound('Action');
      const stopped = (await logEntriesOf(db, viewer.organizationId, actionId)).filter(
        (entry) => entry.operation === 'stop' && entry.outcome === 'changed',
      );
      if (
        original.operation !== 'stop' ||
        stopped.length === 0 ||
        !['done', 'partly-done'].includes(original.status)
      )
        throw new ApiError(
          409,
          'NothingToUndo',
          `This action is ${original.status}: there is nothing it stopped to start again.`,
        );
      const target = await requireTarget(viewer.organizationId, original.integration_id);
      await assertWithinRateLimit(viewer.organizationId);
      if (!(await claimUndo(db, original.id)))
        throw new ApiError(409, 'NothingToUndo', 'This action was undone a moment ago.');
      try {
        const { row } = await propose(viewer, {
          target,
          operation: 'start',
          region: original.region,
          instanceIds: stopped.map((entry) => entry.resource_id),
          launchId: original.launch_id,
          undoOf: original.id,
        });
        if (row.status !== 'proposed') return await viewOf(viewer.organizationId, row.id);
        return await decide(viewer, row, viaOf(viewer), false);
      } catch (error) {
        await setActionStatus(db, original.id, original.status);
        throw error;
      }
    },

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
