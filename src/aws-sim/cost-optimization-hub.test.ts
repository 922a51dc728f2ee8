import {
  ListEnrollmentStatusesCommand,
  ListRecommendationsCommand,
  type Recommendation,
} from '@aws-sdk/client-cost-optimization-hub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './company/company-profile.ts';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { assumeRole, startTestSimulator } from './testing/test-simulator.ts';

describe('Cost Optimization Hub answers from the company it simulates', () => {
  let simulator: AwsSimulator;
  beforeAll(async () => {
    ({ simulator } = await startTestSimulator());
  });
  afterAll(() => simulator.close());

  const hubOf = async (account: (typeof ACCOUNTS)[keyof typeof ACCOUNTS]) => {
    simulator.registerRole(account.demoRoleArn, 'hub');
    const credentials = await assumeRole(simulator, account.demoRoleArn, 'hub');
    return simulatorClients(simulator, { credentials }).costOptimizationHub;
  };
  const instanceId = (name: string) =>
    simulator.company.instances.find((instance) => instance.name === name)?.instanceId ?? '';

  async function everyRecommendation(
    hub: Awaited<ReturnType<typeof hubOf>>,
    filter: NonNullable<ConstructorParameters<typeof ListRecommendationsCommand>[0]>['filter'],
    maxResults?: number,
  ) {
    const found: Recommendation[] = [];
    let nextToken: string | undefined;
    let pages = 0;
    do {
      const page = await hub.send(new ListRecommendationsCommand({ filter, maxResults, nextToken }));
      found.push(...(page.items ?? []));
      nextToken = page.nextToken;
      pages += 1;
    } while (nextToken);
    return { found, pages };
  }

  it('says which accounts enrolled: acme-prod and acme-data are, acme-staging is not', async () => {
    const prod = await (await hubOf(ACCOUNTS.prod)).send(new ListEnrollmentStatusesCommand({}));
    expect(prod.items).toEqual([{ accountId: ACCOUNTS.prod.id, status: 'Active' }]);
    const staging = await hubOf(ACCOUNTS.staging);
    const answer = await staging.send(new ListEnrollmentStatusesCommand({ accountId: ACCOUNTS.staging.id }));
    expect(answer.items).toEqual([{ accountId: ACCOUNTS.staging.id, status: 'Inactive' }]);
    await expect(staging.send(new ListRecommendationsCommand({}))).rejects.toMatchObject({
      name: 'ValidationException',
    });
  });

  it("repeats Compute Optimizer's findings once per resource, the largest kept, across regions, paged", async () => {
    const hub = await hubOf(ACCOUNTS.prod);
    const { found, pages } = await everyRecommendation(hub, { accountIds: [ACCOUNTS.prod.id] }, 1);
    const all = await everyRecommendation(hub, {});
    expect(all.pages).toBe(1);
    expect(found).toEqual(all.found);
    expect(pages).toBe(found.length);
    expect(new Set(found.map((one) => one.resourceArn)).size).toBe(found.length);
    expect(new Set(found.map((one) => one.region))).toEqual(new Set(['us-east-1', 'eu-west-1']));
    // jenkins-old: Compute Optimizer sizes it down ($30.37) and finds it idle ($60.74); the hub keeps the stop.
    expect(found.find((one) => one.resourceId === instanceId('jenkins-old'))).toMatchObject({
      accountId: ACCOUNTS.prod.id,
      region: 'us-east-1',
      currentResourceType: 'Ec2Instance',
      actionType: 'Stop',
      estimatedMonthlySavings: 60.74,
      currencyCode: 'USD',
      source: 'ComputeOptimizer',
    });
    expect(found.find((one) => one.resourceId === instanceId('batch-legacy'))).toMatchObject({
      actionType: 'Rightsize',
      currentResourceSummary: 'm5.4xlarge',
      recommendedResourceSummary: 'm5.2xlarge',
      estimatedMonthlySavings: 280.32,
    });
  });

  it('filters by region and resource type, and refuses a page size above 1000', async () => {
    const hub = await hubOf(ACCOUNTS.data);
    const { found } = await everyRecommendation(hub, {
      regions: ['us-west-2'],
      resourceTypes: ['RdsDbInstance', 'EbsVolume'],
    });
    const archive = simulator.waste.volumes.find((volume) => volume.name === 'kafka-archive');
    expect(
      found.map((one) => `${one.currentResourceType} ${one.actionType} ${one.resourceId}`).sort(),
    ).toEqual(
      [
        `EbsVolume Delete ${simulator.waste.volumes.find((volume) => volume.name === 'etl-scratch-2025')?.volumeId}`,
        `EbsVolume Upgrade ${archive?.volumeId}`,
        'RdsDbInstance Stop reports-replica-db',
      ].sort(),
    );
    expect(found.find((one) => one.actionType === 'Stop')?.estimatedMonthlySavings).toBe(124.83);
    await expect(hub.send(new ListRecommendationsCommand({ maxResults: 1001 }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
  });

  it('refuses a role without the permission', async () => {
    const roleArn = `arn:aws:iam::${ACCOUNTS.prod.id}:role/NoHub`;
    simulator.registerRole(roleArn, 'none', { permissions: ['ec2:Describe*'] });
    const credentials = await assumeRole(simulator, roleArn, 'none');
    const { costOptimizationHub } = simulatorClients(simulator, { credentials });
    await expect(costOptimizationHub.send(new ListEnrollmentStatusesCommand({}))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
  });
});
