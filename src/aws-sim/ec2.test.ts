import { DescribeInstancesCommand, DescribeRegionsCommand, type Instance } from '@aws-sdk/client-ec2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator } from './testing/test-simulator.ts';

describe('EC2 DescribeInstances and DescribeRegions', () => {
  let simulator: AwsSimulator;
  beforeAll(async () => {
    ({ simulator } = await startTestSimulator());
  });
  afterAll(() => simulator.close());

  async function everyInstance(region: string, maxResults?: number, credentials = simulator.credentials) {
    const { ec2 } = simulatorClients(simulator, { region, credentials });
    const instances: Instance[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await ec2.send(new DescribeInstancesCommand({ MaxResults: maxResults, NextToken: token }));
      instances.push(...(page.Reservations ?? []).flatMap((reservation) => reservation.Instances ?? []));
      token = page.NextToken;
      pages += 1;
    } while (token);
    return { instances, pages };
  }

  it('pages through the management account instances in us-east-1, five at a time', async () => {
    const { instances, pages } = await everyInstance('us-east-1', 5);
    const expected = simulator.company.instances.filter(
      (instance) =>
        instance.accountId === simulator.company.managementAccountId && instance.region === 'us-east-1',
    );
    expect(pages).toBe(Math.ceil(expected.length / 5));
    expect(instances.map((instance) => instance.InstanceId).sort()).toEqual(
      expected.map((instance) => instance.instanceId).sort(),
    );
  });

  it('describes the planted instances as EC2 does: type, state, architecture, tags', async () => {
    const { instances } = await everyInstance('us-east-1');
    const byName = new Map(
      instances.map((instance) => [instance.Tags?.find((tag) => tag.Key === 'Name')?.Value, instance]),
    );
    expect(byName.get('batch-legacy')).toMatchObject({
      InstanceType: 'm5.4xlarge',
      State: { Code: 16, Name: 'running' },
      Architecture: 'x86_64',
    });
    expect(byName.get('old-bastion')).toMatchObject({
      State: { Code: 80, Name: 'stopped' },
      StateReason: { Code: 'Client.UserInitiatedShutdown' },
    });
    expect(byName.get('api-prod')?.Tags).toContainEqual({
      Key: 'aws:autoscaling:groupName',
      Value: 'api-prod-asg',
    });
    expect(byName.get('web-prod-1')?.LaunchTime).toBeInstanceOf(Date);
    const { instances: europe } = await everyInstance('eu-west-1');
    const graviton = europe.find((instance) => instance.Tags?.some((tag) => tag.Value === 'graviton-worker'));
    expect(graviton).toMatchObject({ InstanceType: 'm6g.2xlarge', Architecture: 'arm64' });
  });

  it('filters by state and refuses a filter it does not know', async () => {
    const { ec2 } = simulatorClients(simulator);
    const running = await ec2.send(
      new DescribeInstancesCommand({ Filters: [{ Name: 'instance-state-name', Values: ['running'] }] }),
    );
    const states = (running.Reservations ?? [])
      .flatMap((reservation) => reservation.Instances ?? [])
      .map((instance) => instance.State?.Name);
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['running']));
    await expect(
      ec2.send(new DescribeInstancesCommand({ Filters: [{ Name: 'colour', Values: ['blue'] }] })),
    ).rejects.toMatchObject({
      name: 'InvalidParameterValue',
    });
  });

  it('shows a linked account its own instances, the GPU box among them', async () => {
    const dataAccount = simulator.company.accounts.find((account) => account.name === 'acme-data');
    const credentials = await assumeRole(
      simulator,
      dataAccount?.demoRoleArn ?? '',
      simulator.company.demoExternalId,
    );
    const { instances } = await everyInstance('us-east-1', undefined, credentials);
    expect(instances.map((instance) => instance.InstanceType)).toEqual(['g5.xlarge']);
  });

  it('lists the enabled regions and answers RequestLimitExceeded when throttled', async () => {
    const { ec2 } = simulatorClients(simulator, { maxAttempts: 1 });
    const regions = await ec2.send(new DescribeRegionsCommand({}));
    expect(regions.Regions?.map((region) => region.RegionName)).toEqual(
      expect.arrayContaining(['us-east-1', 'eu-west-1', 'us-west-2']),
    );
    simulator.faults.throttle('ec2', 1);
    await expect(ec2.send(new DescribeRegionsCommand({}))).rejects.toMatchObject({
      name: 'RequestLimitExceeded',
      $metadata: { httpStatusCode: 503 },
    });
  });
});
