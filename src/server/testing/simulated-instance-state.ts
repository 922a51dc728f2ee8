import { DescribeInstancesCommand } from '@aws-sdk/client-ec2';
import type { AwsSimulator } from '../../aws-sim/index.ts';
import { simulatorClients } from '../../aws-sim/simulator-clients.ts';
import { assumeRole } from '../../aws-sim/testing/test-simulator.ts';

/** An instance's state as the simulated company's read-only role describes it (running, stopping, …). */
export async function instanceStateIn(
  simulator: AwsSimulator,
  instanceId: string,
): Promise<string | undefined> {
  const credentials = await assumeRole(
    simulator,
    simulator.company.demoRoleArn,
    simulator.company.demoExternalId,
  );
  const { ec2 } = simulatorClients(simulator, { credentials });
  const answer = await ec2.send(new DescribeInstancesCommand({ InstanceIds: [instanceId] }));
  return answer.Reservations?.[0]?.Instances?.[0]?.State?.Name;
}

/** The instances an Auto Scaling group launched (its `aws:autoscaling:groupName` tag) and their states. */
export async function groupInstanceStatesIn(
  simulator: AwsSimulator,
  groupName: string,
): Promise<Array<{ instanceId: string; state: string | undefined }>> {
  const credentials = await assumeRole(
    simulator,
    simulator.company.demoRoleArn,
    simulator.company.demoExternalId,
  );
  const { ec2 } = simulatorClients(simulator, { credentials });
  const answer = await ec2.send(
    new DescribeInstancesCommand({
      Filters: [{ Name: 'tag:aws:autoscaling:groupName', Values: [groupName] }],
    }),
  );
  return (answer.Reservations ?? []).flatMap((reservation) =>
    (reservation.Instances ?? []).map((instance) => ({
      instanceId: instance.InstanceId ?? '',
      state: instance.State?.Name,
    })),
  );
}
