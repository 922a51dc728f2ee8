import {
  DescribeAddressesCommand,
  DescribeSnapshotsCommand,
  DescribeVolumesCommand,
  type Snapshot,
  type Volume,
} from '@aws-sdk/client-ec2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator } from './testing/test-simulator.ts';

const DATA_ACCOUNT = '746251839027';
const nameOf = (tags: Array<{ Key?: string; Value?: string }> | undefined) =>
  tags?.find((tag) => tag.Key === 'Name')?.Value;

describe('EC2 DescribeVolumes, DescribeSnapshots and DescribeAddresses', () => {
  let simulator: AwsSimulator;
  beforeAll(async () => {
    ({ simulator } = await startTestSimulator());
  });
  afterAll(() => simulator.close());

  it('pages the management account volumes in us-east-1, the planted unattached ones available', async () => {
    const { ec2 } = simulatorClients(simulator, { region: 'us-east-1' });
    const volumes: Volume[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await ec2.send(new DescribeVolumesCommand({ MaxResults: 5, NextToken: token }));
      volumes.push(...(page.Volumes ?? []));
      token = page.NextToken;
      pages += 1;
    } while (token);
    expect(pages).toBeGreaterThan(1);
    const byName = new Map(volumes.map((volume) => [nameOf(volume.Tags), volume]));
    expect(byName.get('jenkins-old-data')).toMatchObject({
      State: 'available',
      VolumeType: 'gp3',
      Size: 500,
    });
    expect(byName.get('batch-legacy-scratch')).toMatchObject({
      State: 'in-use',
      VolumeType: 'gp2',
      Iops: 6000,
    });
    expect(byName.get('batch-legacy-scratch')?.Attachments?.[0]?.InstanceId).toMatch(/^i-0/);
    // A deleted volume is not described; the fleet's root volumes are.
    expect(byName.has('legacy-mysql')).toBe(false);
    expect(byName.get('web-prod-1-root')).toMatchObject({ State: 'in-use', VolumeType: 'gp3' });
    expect(byName.get('jenkins-old-data')?.Tags).toContainEqual({ Key: 'team', Value: 'platform' });
  });

  it('answers the data account its own snapshots only, with OwnerIds=self', async () => {
    const credentials = await assumeRole(
      simulator,
      `arn:aws:iam::${DATA_ACCOUNT}:role/SpendguardReadOnly`,
      'spendguard-demo',
    );
    const { ec2 } = simulatorClients(simulator, { region: 'us-west-2', credentials });
    const snapshots: Snapshot[] = [];
    let token: string | undefined;
    do {
      const page = await ec2.send(
        new DescribeSnapshotsCommand({ OwnerIds: ['self'], MaxResults: 5, NextToken: token }),
      );
      snapshots.push(...(page.Snapshots ?? []));
      token = page.NextToken;
    } while (token);
    expect(snapshots).toHaveLength(12);
    expect(new Set(snapshots.map((snapshot) => snapshot.OwnerId))).toEqual(new Set([DATA_ACCOUNT]));
    expect(snapshots[0]).toMatchObject({ State: 'completed', VolumeSize: 1000 });
    expect(snapshots[0]?.StartTime).toBeInstanceOf(Date);
  });

  it('lists addresses with and without an association', async () => {
    const { ec2 } = simulatorClients(simulator, { region: 'us-east-1' });
    const answer = await ec2.send(new DescribeAddressesCommand({}));
    const byName = new Map((answer.Addresses ?? []).map((address) => [nameOf(address.Tags), address]));
    expect(byName.get('legacy-vpn')?.AssociationId).toBeUndefined();
    expect(byName.get('legacy-vpn')?.AllocationId).toMatch(/^eipalloc-0/);
    expect(byName.get('web-prod-1-eip')?.InstanceId).toMatch(/^i-0/);
  });

  it('refuses DescribeVolumes to a role without the permission, by its name', async () => {
    const roleArn = `arn:aws:iam::${DATA_ACCOUNT}:role/NoVolumes`;
    simulator.registerRole(roleArn, 'x', { permissions: ['ec2:DescribeInstances', 'ec2:DescribeSnapshots'] });
    const credentials = await assumeRole(simulator, roleArn, 'x');
    const { ec2 } = simulatorClients(simulator, { region: 'us-west-2', credentials });
    await expect(ec2.send(new DescribeVolumesCommand({}))).rejects.toMatchObject({
      name: 'UnauthorizedOperation',
    });
    await expect(ec2.send(new DescribeSnapshotsCommand({ OwnerIds: ['self'] }))).resolves.toBeDefined();
  });
});
