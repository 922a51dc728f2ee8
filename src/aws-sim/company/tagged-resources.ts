import type { CompanyModel } from './company-model.ts';
import { ACCOUNTS } from './company-profile.ts';
import { tagsOf } from './family-line-items.ts';
import type { SimNatGateway } from './network-services.ts';

/** A resource as the Resource Groups Tagging API lists it: its ARN and its tags. */
export interface TaggedResource {
  arn: string;
  accountId: string;
  region: string;
  tags: Record<string, string>;
}

export interface TaggedResourceSources {
  model: CompanyModel;
  /** The instances, the company's and those launched since, with their tags as DescribeInstances answers them. */
  instances: () => ReadonlyArray<{
    instanceId: string;
    accountId: string;
    region: string;
    tags: Record<string, string>;
  }>;
  /** The NAT gateways, live (a test may add generated ones). */
  natGateways: () => readonly SimNatGateway[];
  /** Whether a resource of the families (a Lambda function by name) was deleted. */
  isDeleted: (arn: string) => boolean;
}

const definedTags = (tags: Readonly<Record<string, string | undefined>>): Record<string, string> =>
  Object.fromEntries(Object.entries(tags).filter((pair): pair is [string, string] => pair[1] !== undefined));

/**
 * The company's tagged resources: every billed resource with an ARN carries the tags its bill's lines
 * carry (a family's untagged share has none), instances and NAT gateways theirs. As in AWS, a resource
 * that never had a tag is not listed.
 */
export function taggedResources(sources: TaggedResourceSources): TaggedResource[] {
  const resources: TaggedResource[] = [];
  for (const family of sources.model.families) {
    if (!family.resourceId || family.global) continue;
    const accountId = ACCOUNTS[family.account].id;
    family.names.forEach((name, index) => {
      const arn = family.resourceId!(name, accountId, family.region);
      if (!arn.startsWith('arn:') || arn.includes(':natgateway/') || sources.isDeleted(arn)) return;
      resources.push({
        arn,
        accountId,
        region: family.region,
        tags: definedTags({ ...tagsOf(family, index) }),
      });
    });
  }
  for (const gateway of sources.natGateways())
    resources.push({
      arn: `arn:aws:ec2:${gateway.region}:${gateway.accountId}:natgateway/${gateway.natGatewayId}`,
      accountId: gateway.accountId,
      region: gateway.region,
      tags: definedTags({ Name: gateway.name, ...gateway.tags }),
    });
  for (const instance of sources.instances())
    resources.push({
      arn: `arn:aws:ec2:${instance.region}:${instance.accountId}:instance/${instance.instanceId}`,
      accountId: instance.accountId,
      region: instance.region,
      tags: instance.tags,
    });
  return resources.filter((resource) => Object.keys(resource.tags).length > 0);
}
