import {
  GetEBSVolumeRecommendationsCommand,
  GetEC2InstanceRecommendationsCommand,
  GetIdleRecommendationsCommand,
  type IdleRecommendation,
  type InstanceRecommendation,
  OptInRequiredException,
} from '@aws-sdk/client-compute-optimizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './company/company-profile.ts';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator } from './testing/test-simulator.ts';

describe('Compute Optimizer answers from the company it simulates', () => {
  let simulator: AwsSimulator;
  beforeAll(async () => {
    ({ simulator } = await startTestSimulator());
  });
  afterAll(() => simulator.close());

  const nameTag = (one: IdleRecommendation) => one.tags?.find((tag) => tag.key === 'Name')?.value;
  const instanceId = (name: string) =>
    simulator.company.instances.find((instance) => instance.name === name)?.instanceId ?? '';

  async function everyInstance(region: string, maxResults?: number) {
    const { computeOptimizer } = simulatorClients(simulator, { region });
    const found: InstanceRecommendation[] = [];
    let nextToken: string | undefined;
    let pages = 0;
    do {
      const page = await computeOptimizer.send(
        new GetEC2InstanceRecommendationsCommand({ maxResults, nextToken }),
      );
      found.push(...(page.instanceRecommendations ?? []));
      nextToken = page.nextToken;
      pages += 1;
    } while (nextToken);
    return { found, pages };
  }

  it('pages through the management account instances in the signed region', async () => {
    const { found, pages } = await everyInstance('us-east-1', 2);
    const all = await everyInstance('us-east-1');
    expect(all.pages).toBe(1);
    expect(found).toEqual(all.found);
    expect(pages).toBe(Math.ceil(found.length / 2));
    const batch = found.find((one) => one.instanceArn?.endsWith(instanceId('batch-legacy')));
    expect(batch).toMatchObject({
      accountId: ACCOUNTS.prod.id,
      currentInstanceType: 'm5.4xlarge',
      finding: 'Overprovisioned',
      recommendationOptions: [
        {
          instanceType: 'm5.2xlarge',
          rank: 1,
          // (0.768 - 0.384) $/h x 730 h
          savingsOpportunity: { estimatedMonthlySavings: { currency: 'USD', value: 280.32 } },
        },
      ],
    });
    expect(found.find((one) => one.instanceArn?.endsWith(instanceId('jenkins-old')))?.idle).toBe('True');
    expect(
      found.find((one) => one.instanceArn?.endsWith(instanceId('legacy-reports')))?.recommendationOptions?.[0]
        ?.instanceType,
    ).toBe('m5.xlarge');
    // A stopped instance has no recommendation; an instance of another region is not listed here.
    expect(found.some((one) => one.instanceArn?.endsWith(instanceId('old-bastion')))).toBe(false);
    expect(found.every((one) => one.instanceArn?.includes(':us-east-1:'))).toBe(true);
    expect(found.some((one) => one.instanceArn?.endsWith(instanceId('ml-training')))).toBe(false);
  });

  it('prices Ireland with its regional premium', async () => {
    const { found } = await everyInstance('eu-west-1');
    const worker = found.find((one) => one.instanceArn?.endsWith(instanceId('graviton-worker')));
    // m6g.2xlarge to m6g.xlarge: 0.154 $/h x 730 h x 1.12
    expect(worker?.recommendationOptions?.[0]?.savingsOpportunity?.estimatedMonthlySavings?.value).toBe(
      125.91,
    );
  });

  it('recommends gp3 for the attached gp2 volumes of an opted-in member account, through its role', async () => {
    simulator.registerRole(ACCOUNTS.data.demoRoleArn, 'data');
    const credentials = await assumeRole(simulator, ACCOUNTS.data.demoRoleArn, 'data');
    const { computeOptimizer } = simulatorClients(simulator, { credentials, region: 'us-west-2' });
    const answer = await computeOptimizer.send(new GetEBSVolumeRecommendationsCommand({}));
    const archive = simulator.waste.volumes.find((volume) => volume.name === 'kafka-archive');
    expect(answer.volumeRecommendations).toHaveLength(1);
    expect(answer.volumeRecommendations?.[0]).toMatchObject({
      volumeArn: `arn:aws:ec2:us-west-2:${ACCOUNTS.data.id}:volume/${archive?.volumeId}`,
      finding: 'NotOptimized',
      currentConfiguration: { volumeType: 'gp2', volumeSize: 1500 },
      volumeRecommendationOptions: [
        {
          configuration: { volumeType: 'gp3', volumeSize: 1500 },
          // 1,500 GiB x ($0.10 - $0.08)
          savingsOpportunity: { estimatedMonthlySavings: { value: 30 }, savingsOpportunityPercentage: 20 },
        },
      ],
    });
    const brokers = await computeOptimizer.send(new GetEC2InstanceRecommendationsCommand({}));
    const broker = brokers.instanceRecommendations?.find((one) => one.instanceName === 'kafka-broker-1');
    expect(broker).toMatchObject({
      finding: 'Optimized',
      recommendationOptions: [{ instanceType: 'r6g.xlarge', migrationEffort: 'Medium' }],
    });
  });

  it('lists the idle resources of the signed account and region, 100 a page at most', async () => {
    const { computeOptimizer } = simulatorClients(simulator, { region: 'us-east-1' });
    const found: IdleRecommendation[] = [];
    let nextToken: string | undefined;
    let pages = 0;
    do {
      const page = await computeOptimizer.send(
        new GetIdleRecommendationsCommand({ maxResults: 1, nextToken }),
      );
      found.push(...(page.idleRecommendations ?? []));
      nextToken = page.nextToken;
      pages += 1;
    } while (nextToken);
    expect(pages).toBe(found.length);
    const names = found.map((one) => `${one.resourceType} ${one.finding} ${nameTag(one)}`).sort();
    // The idle CI server and the volume its predecessor left; the stopped bastion is not listed.
    expect(names).toEqual(['EBSVolume Unattached jenkins-old-data', 'EC2Instance Idle jenkins-old']);
    const jenkins = found.find((one) => one.resourceType === 'EC2Instance');
    expect(jenkins).toMatchObject({
      resourceArn: `arn:aws:ec2:us-east-1:${ACCOUNTS.prod.id}:instance/${instanceId('jenkins-old')}`,
      // t3.large On-Demand, 0.0832 $/h x 730 h
      savingsOpportunity: { estimatedMonthlySavings: { currency: 'USD', value: 60.74 } },
      utilizationMetrics: [{ name: 'CPU', value: 2.2 }, expect.anything()],
    });
    // 500 GiB of gp3 at $0.08
    expect(
      found.find((one) => one.resourceType === 'EBSVolume')?.savingsOpportunity?.estimatedMonthlySavings
        ?.value,
    ).toBe(40);
    await expect(
      computeOptimizer.send(new GetIdleRecommendationsCommand({ maxResults: 101 })),
    ).rejects.toMatchObject({ name: 'InvalidParameterValueException' });
  });

  it('finds the database nobody connects to and a NAT gateway that forwards nothing', async () => {
    simulator.registerRole(ACCOUNTS.data.demoRoleArn, 'data');
    const credentials = await assumeRole(simulator, ACCOUNTS.data.demoRoleArn, 'data');
    const { computeOptimizer } = simulatorClients(simulator, { credentials, region: 'us-west-2' });
    const silent = { ...simulator.services.natGateways[0]!, natGatewayId: 'nat-0silent', name: 'silent-nat' };
    simulator.services.natGateways.push({
      ...silent,
      accountId: ACCOUNTS.data.id,
      region: 'us-west-2',
      gbPerDay: 0,
    });
    const answer = await computeOptimizer.send(new GetIdleRecommendationsCommand({}));
    simulator.services.natGateways.pop();
    const byType = (type: string) => answer.idleRecommendations?.filter((one) => one.resourceType === type);
    expect(byType('RDSDBInstance')?.map((one) => one.resourceArn)).toEqual([
      `arn:aws:rds:us-west-2:${ACCOUNTS.data.id}:db:reports-replica-db`,
    ]);
    // db.m5.large On-Demand, 0.171 $/h x 730 h
    expect(byType('RDSDBInstance')?.[0]?.savingsOpportunity?.estimatedMonthlySavings?.value).toBe(124.83);
    expect(byType('NatGateway')).toMatchObject([
      {
        resourceArn: `arn:aws:ec2:us-west-2:${ACCOUNTS.data.id}:natgateway/nat-0silent`,
        finding: 'Idle',
        // 0.045 $/h x 730 h
        savingsOpportunity: { estimatedMonthlySavings: { value: 32.85 } },
      },
    ]);
    expect(byType('EBSVolume')?.map(nameTag)).toEqual(['etl-scratch-2025']);
  });

  it("answers AWS's OptInRequiredException for an account that never opted in", async () => {
    simulator.registerRole(ACCOUNTS.staging.demoRoleArn, 'staging');
    const credentials = await assumeRole(simulator, ACCOUNTS.staging.demoRoleArn, 'staging');
    const { computeOptimizer } = simulatorClients(simulator, { credentials });
    const failure = await computeOptimizer
      .send(new GetEC2InstanceRecommendationsCommand({}))
      .catch((error) => error);
    expect(failure).toBeInstanceOf(OptInRequiredException);
    expect(failure.$metadata.httpStatusCode).toBe(403);
    await expect(computeOptimizer.send(new GetIdleRecommendationsCommand({}))).rejects.toBeInstanceOf(
      OptInRequiredException,
    );
    simulator.setComputeOptimizer(ACCOUNTS.staging.id, true);
    const answer = await computeOptimizer.send(new GetEC2InstanceRecommendationsCommand({}));
    expect(answer.instanceRecommendations?.map((one) => one.instanceName).sort()).toEqual([
      'staging-app',
      'staging-worker',
    ]);
  });

  it('refuses a role without the permission, and a page size AWS refuses', async () => {
    const roleArn = `arn:aws:iam::${ACCOUNTS.prod.id}:role/NoOptimizer`;
    simulator.registerRole(roleArn, 'none', { permissions: ['ec2:Describe*'] });
    const credentials = await assumeRole(simulator, roleArn, 'none');
    const { computeOptimizer } = simulatorClients(simulator, { credentials });
    await expect(computeOptimizer.send(new GetEBSVolumeRecommendationsCommand({}))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    const own = simulatorClients(simulator).computeOptimizer;
    await expect(
      own.send(new GetEC2InstanceRecommendationsCommand({ maxResults: 5000 })),
    ).rejects.toMatchObject({
      name: 'InvalidParameterValueException',
    });
  });
});
