import {
  DescribeInstancesCommand,
  type EC2Client,
  StartInstancesCommand,
  StopInstancesCommand,
} from '@aws-sdk/client-ec2';
import type { InstanceBefore, ResourceOperation } from '../../../domain/resource-actions.ts';
import type { AwsAccess } from '../../aws-access.ts';
import { awsClients } from '../integrations/aws/aws-clients.ts';
import { type AwsIdentity, openAwsSession } from '../integrations/aws/aws-session.ts';

/** AWS's answer to one call, as the log keeps it. */
export type CallAnswer =
  | { ok: true; stateAfter: string; message: string }
  | { ok: false; code: string; message: string };

function errorAnswer(error: unknown): { ok: false; code: string; message: string } {
  const failure = error as { name?: string; Code?: string; message?: string };
  return {
    ok: false,
    code: failure.Code ?? failure.name ?? 'Error',
    message: failure.message ?? String(error),
  };
}

/** An EC2 client of one identity (the read-only role or the action role) in one region. */
export async function ec2Of(access: AwsAccess, identity: AwsIdentity, region: string): Promise<EC2Client> {
  const session = await openAwsSession(access, identity);
  return awsClients(access, session.credentials, region).ec2;
}

/**
 * The instances as the read-only role sees them, or the ids EC2 does not know in that account and
 * region (another tenant's, a typo): `missing`.
 */
export async function describeInstances(
  ec2: EC2Client,
  instanceIds: string[],
): Promise<{ instances: InstanceBefore[] } | { missing: string }> {
  try {
    const answer = await ec2.send(new DescribeInstancesCommand({ InstanceIds: instanceIds }));
    const found = (answer.Reservations ?? []).flatMap((reservation) => reservation.Instances ?? []);
    const instances = instanceIds.map((id): InstanceBefore | undefined => {
      const instance = found.find((candidate) => candidate.InstanceId === id);
      if (!instance) return undefined;
      return {
        instanceId: id,
        state: instance.State?.Name ?? 'unknown',
        tags: Object.fromEntries((instance.Tags ?? []).map((tag) => [tag.Key ?? '', tag.Value ?? ''])),
      };
    });
    const absent = instanceIds.find((_, index) => instances[index] === undefined);
    if (absent) return { missing: absent };
    return { instances: instances as InstanceBefore[] };
  } catch (error) {
    const failure = errorAnswer(error);
    if (failure.code === 'InvalidInstanceID.NotFound' || failure.code === 'InvalidInstanceID.Malformed')
      return { missing: failure.message };
    throw error;
  }
}

function command(operation: ResourceOperation, instanceId: string, dryRun: boolean) {
  const input = { InstanceIds: [instanceId], DryRun: dryRun };
  return operation === 'stop' ? new StopInstancesCommand(input) : new StartInstancesCommand(input);
}

/** EC2's DryRun: "DryRunOperation" means the role may and the call would succeed; anything else is why not. */
export async function dryRun(
  ec2: EC2Client,
  operation: ResourceOperation,
  instanceId: string,
): Promise<{ ok: boolean; answer: string }> {
  try {
    await ec2.send(command(operation, instanceId, true));
    return { ok: false, answer: 'EC2 answered a dry run without DryRunOperation.' };
  } catch (error) {
    const failure = errorAnswer(error);
    if (failure.code === 'DryRunOperation')
      return { ok: true, answer: `DryRunOperation: ${failure.message}` };
    return { ok: false, answer: `${failure.code}: ${failure.message}` };
  }
}

/** The call itself, one instance at a time: one refusal never hides the others' outcome. */
export async function runOperation(
  ec2: EC2Client,
  operation: ResourceOperation,
  instanceId: string,
): Promise<CallAnswer> {
  try {
    const answer = await ec2.send(command(operation, instanceId, false));
    const changes =
      'StoppingInstances' in answer
        ? answer.StoppingInstances
        : (answer as { StartingInstances?: typeof answer.StoppingInstances }).StartingInstances;
    const change = changes?.find((item) => item.InstanceId === instanceId);
    const before = change?.PreviousState?.Name ?? 'unknown';
    const after = change?.CurrentState?.Name ?? 'unknown';
    return { ok: true, stateAfter: after, message: `${before} → ${after}` };
  } catch (error) {
    return errorAnswer(error);
  }
}
