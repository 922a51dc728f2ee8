/**
 * What Spendguard may do to a customer's resources, and when (docs/decisions/102): only through the
 * opt-in action role, only after a dry run a person saw and confirmed, never on a resource tagged
 * `spendguard:protect=true`, and each change undoable. Pure: the actions module applies the answers.
 */

import { type CostScope, isCostInScope } from './cost-scope.ts';

/** The tag that puts a resource out of Spendguard's reach: the action role's policy denies it too. */
export const PROTECT_TAG = { key: 'spendguard:protect', value: 'true' } as const;

/** Every IAM action the opt-in action role grants, and nothing else (no Describe: reads stay read-only's). */
export const ACTION_ROLE_ACTIONS = [
  'ec2:StopInstances',
  'ec2:StartInstances',
  'autoscaling:UpdateAutoScalingGroup',
  'rds:StopDBInstance',
  'rds:StartDBInstance',
  'ec2:CreateTags',
] as const;

/** The tag "tag for later" writes, and the only one the role may take off again (its undo). */
export const REVIEW_TAG = 'spendguard:review';

/** The role's name in the template (and the one to give a role made by hand). */
export const ACTION_ROLE_NAME = 'SpendguardActions';

/** What the integration card says the role may do, in words. */
export const ACTION_ROLE_ABILITIES = [
  'Stop and start EC2 instances',
  'Set an Auto Scaling group’s sizes',
  'Stop and start RDS instances',
  'Tag EC2 resources',
  `Remove its own ${REVIEW_TAG} tag`,
] as const;

/**
 * The action role's permission policy: the six actions, and DeleteTags only for the review tag (an
 * undone "tag for later", docs/decisions/110); all denied on any resource tagged
 * spendguard:protect=true, and no tag change may touch that tag itself.
 */
export function actionRolePolicy() {
  return {
    Version: '2012-10-17',
    Statement: [
      { Sid: 'SpendguardActions', Effect: 'Allow', Action: [...ACTION_ROLE_ACTIONS], Resource: '*' },
      {
        Sid: 'TakeBackItsReviewTag',
        Effect: 'Allow',
        Action: ['ec2:DeleteTags'],
        Resource: '*',
        Condition: { 'ForAllValues:StringEquals': { 'aws:TagKeys': [REVIEW_TAG] } },
      },
      {
        Sid: 'NeverOnProtectedResources',
        Effect: 'Deny',
        Action: [...ACTION_ROLE_ACTIONS, 'ec2:DeleteTags'],
        Resource: '*',
        Condition: { StringEquals: { [`aws:ResourceTag/${PROTECT_TAG.key}`]: PROTECT_TAG.value } },
      },
      {
        Sid: 'NeverChangeTheProtectTag',
        Effect: 'Deny',
        Action: ['ec2:CreateTags', 'ec2:DeleteTags'],
        Resource: '*',
        Condition: { 'ForAnyValue:StringEquals': { 'aws:TagKeys': [PROTECT_TAG.key] } },
      },
    ],
  };
}

/** The trust policy of a role made by hand: Spendguard's account, with the integration's ExternalId. */
export function actionRoleTrustPolicy(spendguardAccountId: string, externalId: string) {
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: `arn:aws:iam::${spendguardAccountId}:root` },
        Action: 'sts:AssumeRole',
        Condition: { StringEquals: { 'sts:ExternalId': externalId } },
      },
    ],
  };
}

/** Every operation an action runs: a stop and its start; a group to 0 and its sizes back; a tag and its old value back. */
export type ResourceOperation = 'stop' | 'start' | 'scale-to-zero' | 'restore-sizes' | 'tag' | 'restore-tag';

/** An instance as the read-only role described it before acting. */
export interface InstanceBefore {
  instanceId: string;
  /** EC2's state name: pending, running, stopping, stopped, shutting-down, terminated. */
  state: string;
  tags: Record<string, string>;
}

export type PlannedStep =
  | { instanceId: string; outcome: 'change'; stateBefore: string; stateAfter: string }
  | { instanceId: string; outcome: 'nothing-to-do'; stateBefore: string; reason: string }
  | { instanceId: string; outcome: 'refused'; stateBefore: string; reason: string };

type InstanceOperation = 'stop' | 'start';
const TARGET: Record<InstanceOperation, string> = { stop: 'stopped', start: 'running' };
/** The states from which each operation is already done or under way. */
const ALREADY: Record<InstanceOperation, readonly string[]> = {
  stop: ['stopping', 'stopped'],
  start: ['pending', 'running'],
};
const CANNOT: Record<InstanceOperation, readonly string[]> = {
  stop: ['shutting-down', 'terminated'],
  start: ['shutting-down', 'terminated', 'stopping'],
};

export function isProtected(tags: Record<string, string>): boolean {
  return tags[PROTECT_TAG.key] === PROTECT_TAG.value;
}

/**
 * What an operation will do to each instance, before any call: a protected one is refused naming its
 * tag, one already in (or on its way to) the target state has nothing to do, one that cannot get
 * there is refused with its state.
 */
export function planInstanceOperation(
  operation: InstanceOperation,
  instances: InstanceBefore[],
): PlannedStep[] {
  return instances.map((instance): PlannedStep => {
    const stateBefore = instance.state;
    if (isProtected(instance.tags))
      return {
        instanceId: instance.instanceId,
        outcome: 'refused',
        stateBefore,
        reason: `It is tagged ${PROTECT_TAG.key}=${PROTECT_TAG.value}: Spendguard never acts on it.`,
      };
    if (ALREADY[operation].includes(stateBefore))
      return {
        instanceId: instance.instanceId,
        outcome: 'nothing-to-do',
        stateBefore,
        reason: `Nothing to do: it is already ${stateBefore}.`,
      };
    if (CANNOT[operation].includes(stateBefore))
      return {
        instanceId: instance.instanceId,
        outcome: 'refused',
        stateBefore,
        reason: `It is ${stateBefore}: it cannot be ${operation === 'stop' ? 'stopped' : 'started'}.`,
      };
    return { instanceId: instance.instanceId, outcome: 'change', stateBefore, stateAfter: TARGET[operation] };
  });
}

/** Who may approve: owners and admins; a member only for resources their team's cost scope covers. */
export function mayApprove(
  role: string,
  memberScope: CostScope,
  resource: { accountId: string; tags: Record<string, string> },
): boolean {
  if (role === 'owner' || role === 'admin') return true;
  if (!memberScope.restricted) return false;
  return isCostInScope(memberScope, { usageAccountId: resource.accountId, tags: resource.tags });
}

/** Per organization: at most this many proposals and runs in the window (a runaway script, a loop). */
export const ACTION_RATE_LIMIT = { count: 20, windowMs: 10 * 60_000 } as const;

/** When the organization may act again, or undefined when it may now. */
export function rateLimitRetryAt(recentAtMs: readonly number[], nowMs: number): number | undefined {
  const inWindow = recentAtMs.filter((at) => at > nowMs - ACTION_RATE_LIMIT.windowMs).sort((a, b) => a - b);
  if (inWindow.length < ACTION_RATE_LIMIT.count) return undefined;
  const oldestCounted = inWindow[inWindow.length - ACTION_RATE_LIMIT.count] as number;
  return oldestCounted + ACTION_RATE_LIMIT.windowMs;
}

/** A proposal not confirmed in this time must be proposed again (its dry run is stale). */
export const PROPOSAL_LIFETIME_MS = 24 * 3_600_000;

export type ActionStatus = 'proposed' | 'done' | 'partly-done' | 'failed' | 'nothing-to-do' | 'undone';

/** A run's status from its resources' outcomes. */
export function runStatus(
  outcomes: ReadonlyArray<'changed' | 'failed' | 'nothing-to-do' | 'refused'>,
): ActionStatus {
  const changed = outcomes.filter((outcome) => outcome === 'changed').length;
  const failed = outcomes.filter((outcome) => outcome === 'failed' || outcome === 'refused').length;
  if (changed === 0 && failed === 0) return 'nothing-to-do';
  if (failed === 0) return 'done';
  return changed === 0 ? 'failed' : 'partly-done';
}

/** Why an action has nothing to put back, from its status, in words a person reads after "This action". */
const NOTHING_TO_UNDO_BECAUSE: Record<string, string> = {
  proposed: 'is only proposed and has changed nothing yet',
  running: 'is still running',
  failed: 'failed and changed nothing',
  'nothing-to-do': 'found nothing to change',
  undone: 'was undone already',
  kept: 'was declined, so it changed nothing',
  'dry-run': 'was a dry run and changed nothing',
};

/** The answer to an Undo of an action with nothing to put back. */
export function nothingToUndoMessage(status: string): string {
  const because = NOTHING_TO_UNDO_BECAUSE[status] ?? 'changed nothing that can be put back';
  return `This action ${because}: there is nothing to put back.`;
}
