import {
  GetResourcesCommand,
  paginateGetResources,
  ResourceGroupsTaggingAPIClient,
} from '@aws-sdk/client-resource-groups-tagging-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from './index.ts';
import { READ_ONLY_PERMISSIONS } from './index.ts';
import { assumeRole, startTestSimulator } from './testing/test-simulator.ts';

/** The Resource Groups Tagging API's GetResources through the real SDK: filters, pages, tags, refusals. */
describe('the simulated company’s tagged resources', () => {
  let simulator: AwsSimulator;
  beforeAll(async () => {
    ({ simulator } = await startTestSimulator());
  });
  afterAll(() => simulator.close());

  const client = (credentials = simulator.credentials, region = 'us-east-1') =>
    new ResourceGroupsTaggingAPIClient({ endpoint: simulator.endpoint, region, credentials, maxAttempts: 1 });

  async function resources(types: string[], region = 'us-east-1') {
    const found = new Map<string, Record<string, string>>();
    for await (const page of paginateGetResources(
      { client: client(simulator.credentials, region) },
      { ResourceTypeFilters: types, ResourcesPerPage: 7 },
    ))
      for (const mapping of page.ResourceTagMappingList ?? [])
        found.set(
          mapping.ResourceARN!,
          Object.fromEntries((mapping.Tags ?? []).map((tag) => [tag.Key!, tag.Value!])),
        );
    return found;
  }

  it('lists the caller’s tagged NAT gateways, functions and log groups of the region, page by page, with their tags', async () => {
    const found = await resources(['ec2:natgateway', 'lambda:function', 'logs:log-group']);
    const arns = [...found.keys()];
    const gateway = simulator.natGateways().find((entry) => entry.name === 'prod-nat-a')!;
    expect(
      found.get(`arn:aws:ec2:us-east-1:${gateway.accountId}:natgateway/${gateway.natGatewayId}`),
    ).toEqual({
      Name: 'prod-nat-a',
      team: 'platform',
      project: 'shared-network',
      env: 'production',
    });
    expect(arns.some((arn) => arn.endsWith(':function:checkout-fn-01'))).toBe(true);
    expect(arns.some((arn) => arn.endsWith(':log-group:/aws/app/prod-01'))).toBe(true);
    // Every fourth log group never had a tag: not listed, as in AWS.
    expect(arns.some((arn) => arn.endsWith(':log-group:/aws/app/prod-04'))).toBe(false);
    expect(arns.every((arn) => arn.split(':')[3] === 'us-east-1')).toBe(true);
    expect(arns.some((arn) => arn.includes(':table/'))).toBe(false);
  });

  it('lists another region’s resources in that region only', async () => {
    const found = await resources(['ec2:instance', 'lambda:function'], 'eu-west-1');
    expect([...found.keys()].every((arn) => arn.split(':')[3] === 'eu-west-1')).toBe(true);
  });

  it('refuses a role without tag:GetResources, and a page size over 100', async () => {
    const roleArn = `arn:aws:iam::${simulator.company.managementAccountId}:role/NoTagging`;
    simulator.registerRole(roleArn, simulator.company.demoExternalId, {
      permissions: READ_ONLY_PERMISSIONS.filter((action) => !action.startsWith('tag:')),
    });
    const credentials = await assumeRole(simulator, roleArn, simulator.company.demoExternalId);
    await expect(client(credentials).send(new GetResourcesCommand({}))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    await expect(client().send(new GetResourcesCommand({ ResourcesPerPage: 101 }))).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });
});
