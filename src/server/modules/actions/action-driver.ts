import type { ResourceBefore, ResourceStep } from '../../../domain/resource-action-plans.ts';
import type { ResourceOperation } from '../../../domain/resource-actions.ts';
import type { AwsAccess } from '../../aws-access.ts';
import { type AwsClients, awsClients } from '../integrations/aws/aws-clients.ts';
import { type AwsIdentity, openAwsSession } from '../integrations/aws/aws-session.ts';

/** AWS's answer to one call, as the log keeps it. */
export type CallAnswer =
  | { ok: true; stateAfter: string; message: string }
  | { ok: false; code: string; message: string };

/** A dry run's verdict: `ok` when the call would succeed as far as AWS or the check can tell. */
export interface DryRunAnswer {
  ok: boolean;
  answer: string;
}

export type ChangeStep = Extract<ResourceStep, { outcome: 'change' }>;

/** The SDK clients of the read-only role and of the action role in one region, each session opened once. */
export interface DriverContext {
  reader(): Promise<AwsClients>;
  actor(): Promise<AwsClients>;
}

export function driverContext(
  access: AwsAccess,
  roles: { read: AwsIdentity; act: AwsIdentity },
  region: string,
): DriverContext {
  const opened = new Map<AwsIdentity, Promise<AwsClients>>();
  const clientsOf = (identity: AwsIdentity) => {
    let clients = opened.get(identity);
    if (!clients) {
      clients = openAwsSession(access, identity).then((session) =>
        awsClients(access, session.credentials, region),
      );
      opened.set(identity, clients);
    }
    return clients;
  };
  return { reader: () => clientsOf(roles.read), actor: () => clientsOf(roles.act) };
}

/**
 * What acting on one type of resource takes: describing it with the read-only role (an id AWS does
 * not know in that account and region is `missing`), planning each operation with the domain's pure
 * rules, a dry run with the action role, and the call itself. `input` is per resource: the review
 * tag's value, or what an undo restores.
 */
export interface ResourceDriver {
  describe(
    context: DriverContext,
    ids: string[],
  ): Promise<{ resources: ResourceBefore[] } | { missing: string }>;
  plan(operation: ResourceOperation, resource: ResourceBefore, input: unknown): ResourceStep;
  dryRun(context: DriverContext, operation: ResourceOperation, step: ChangeStep): Promise<DryRunAnswer>;
  run(context: DriverContext, operation: ResourceOperation, step: ChangeStep): Promise<CallAnswer>;
  /**
   * The calls of a run together, one answer per step in order, where AWS takes many resources in one call
   * (one CloudTrail event, so a restart of 8 reads as one launch): when that call fails, each step's own
   * call says which one AWS refused and why. Without it, each step runs alone.
   */
  runMany?(context: DriverContext, operation: ResourceOperation, steps: ChangeStep[]): Promise<CallAnswer[]>;
  /** The words of a dry run's summary: "stopped", "scaled to 0", "tagged". */
  pastTense(operation: ResourceOperation): string;
  /** What AWS's own dry run is called, or how the check stands in for one. */
  dryRunName: string;
}

export function errorAnswer(error: unknown): { ok: false; code: string; message: string } {
  const failure = error as { name?: string; Code?: string; message?: string };
  return {
    ok: false,
    code: failure.Code ?? failure.name ?? 'Error',
    message: failure.message ?? String(error),
  };
}

/**
 * Auto Scaling and RDS have no DryRun: the check that stands in for it is that the action role's
 * session opened (it exists and trusts Spendguard) and the plan found nothing that refuses the change.
 * The role's policy itself, and its Deny on protected resources, decide when the call runs.
 */
export async function sessionCheck(context: DriverContext, service: string): Promise<DryRunAnswer> {
  try {
    await context.actor();
    return {
      ok: true,
      answer: `${service} has no dry run: the action role was assumed and the resource's state read; AWS checks the role's policy when it runs.`,
    };
  } catch (error) {
    const failure = errorAnswer(error);
    return { ok: false, answer: `${failure.code}: ${failure.message}` };
  }
}
