import {
  DescribeInstancesCommand,
  type InstanceStateChange,
  StartInstancesCommand,
  StopInstancesCommand,
} from '@aws-sdk/client-ec2';
import type { ResourceBefore, ResourceStep } from '../../../domain/resource-action-plans.ts';
import { planInstanceOperation, type ResourceOperation } from '../../../domain/resource-actions.ts';
import type { AwsClients } from '../integrations/aws/aws-clients.ts';
import { type CallAnswer, errorAnswer, type ResourceDriver } from './action-driver.ts';

/**
 * The instances as the read-only role sees them, or the ids EC2 does not know in that account and
 * region (another tenant's, a typo): `missing`.
 */
export async function describeInstances(
  { ec2 }: AwsClients,
  instanceIds: string[],
): Promise<{ resources: ResourceBefore[] } | { missing: string }> {
  try {
    const answer = await ec2.send(new DescribeInstancesCommand({ InstanceIds: instanceIds }));
    const found = (answer.Reservations ?? []).flatMap((reservation) => reservation.Instances ?? []);
    const resources = instanceIds.map((id): ResourceBefore | undefined => {
      const instance = found.find((candidate) => candidate.InstanceId === id);
      if (!instance) return undefined;
      return {
        resourceId: id,
        state: instance.State?.Name ?? 'unknown',
        tags: Object.fromEntries((instance.Tags ?? []).map((tag) => [tag.Key ?? '', tag.Value ?? ''])),
      };
    });
    const absent = instanceIds.find((_, index) => resources[index] === undefined);
    if (absent) return { missing: absent };
    return { resources: resources as ResourceBefore[] };
  } catch (error) {
    const failure = errorAnswer(error);
    if (failure.code === 'InvalidInstanceID.NotFound' || failure.code === 'InvalidInstanceID.Malformed')
      return { missing: failure.message };
    throw error;
  }
}

function command(operation: ResourceOperation, instanceIds: string[], dryRun: boolean) {
  const input = { InstanceIds: instanceIds, DryRun: dryRun };
  return operation === 'stop' ? new StopInstancesCommand(input) : new StartInstancesCommand(input);
}

/** Each instance's state change in a StopInstances or StartInstances answer, as the log keeps it. */
function callAnswersOf(answer: object, instanceIds: string[]): CallAnswer[] {
  const changes =
    'StoppingInstances' in answer
      ? (answer as { StoppingInstances?: InstanceStateChange[] }).StoppingInstances
      : (answer as { StartingInstances?: InstanceStateChange[] }).StartingInstances;
  return instanceIds.map((instanceId) => {
    const change = changes?.find((item) => item.InstanceId === instanceId);
    const before = change?.PreviousState?.Name ?? 'unknown';
    const after = change?.CurrentState?.Name ?? 'unknown';
    return { ok: true, stateAfter: after, message: `${before} → ${after}` };
  });
}

/** EC2's DryRun: "DryRunOperation" means the role may and the call would succeed; anything else is why not. */
export async function ec2DryRun(send: () => Promise<unknown>) {
  try {
    await send();
    return { ok: false, answer: 'EC2 answered a dry run without DryRunOperation.' };
  } catch (error) {
    const failure = errorAnswer(error);
    if (failure.code === 'DryRunOperation')
      return { ok: true, answer: `DryRunOperation: ${failure.message}` };
    return { ok: false, answer: `${failure.code}: ${failure.message}` };
  }
}

/**
 * Stopping and starting EC2 instances: a run's instances in one call, as a person's console click or
 * RunInstances would (one CloudTrail event: the restart an undo makes is one launch in the ledger); when
 * EC2 refuses that call, one call per instance, so one refusal never hides the others' outcome.
 */
export const instanceDriver: ResourceDriver = {
  dryRunName: 'EC2 dry run',
  pastTense: (operation) => (operation === 'stop' ? 'stopped' : 'started'),
  describe: async (context, ids) => describeInstances(await context.reader(), ids),
  plan(operation, resource): ResourceStep {
    const [step] = planInstanceOperation(operation === 'stop' ? 'stop' : 'start', [
      { instanceId: resource.resourceId, state: resource.state, tags: resource.tags },
    ]);
    if (!step) throw new Error('planInstanceOperation answers one step per instance');
    const { instanceId, ...rest } = step;
    return rest.outcome === 'change'
      ? { resourceId: instanceId, ...rest, apply: null, restore: null }
      : { resourceId: instanceId, ...rest };
  },
  async dryRun(context, operation, step) {
    const { ec2 } = await context.actor();
    return ec2DryRun(() => ec2.send(command(operation, [step.resourceId], true)));
  },
  async run(context, operation, step) {
    const { ec2 } = await context.actor();
    try {
      const answer = await ec2.send(command(operation, [step.resourceId], false));
      return callAnswersOf(answer, [step.resourceId])[0] as CallAnswer;
    } catch (error) {
      return errorAnswer(error);
    }
  },
  async runMany(context, operation, steps) {
    const { ec2 } = await context.actor();
    const ids = steps.map((step) => step.resourceId);
    try {
      return callAnswersOf(await ec2.send(command(operation, ids, false)), ids);
    } catch (error) {
      // One refused instance fails EC2's whole call: each instance's own call tells which and why.
      if (steps.length === 1) return [errorAnswer(error)];
      return Promise.all(steps.map((step) => instanceDriver.run(context, operation, step)));
    }
  },
};
