import {
  paginateGetResources,
  type ResourceGroupsTaggingAPIClient,
} from '@aws-sdk/client-resource-groups-tagging-api';
import { meteredResourceOfArn, TAGGED_RESOURCE_TYPES } from '../../../domain/metered-owner.ts';
import type { MeteredService } from '../../../domain/usage-prices.ts';

/** Each metered service's tagged resources in one region: resource id to its tags. */
export type RegionResourceTags = Map<MeteredService, Map<string, Record<string, string>>>;

/**
 * The tags of every resource the meter reads in a region, in one paged Resource Groups Tagging API
 * `GetResources` (docs/decisions/125): it lists only resources that have or had tags, so a resource it
 * does not list has none.
 */
export async function readRegionResourceTags(
  client: ResourceGroupsTaggingAPIClient,
  services: readonly MeteredService[],
): Promise<RegionResourceTags> {
  const types = services.flatMap((service) => TAGGED_RESOURCE_TYPES[service] ?? []);
  const found: RegionResourceTags = new Map();
  if (types.length === 0) return found;
  for await (const page of paginateGetResources(
    { client },
    { ResourceTypeFilters: types, ResourcesPerPage: 100 },
  )) {
    for (const mapping of page.ResourceTagMappingList ?? []) {
      const resource = mapping.ResourceARN ? meteredResourceOfArn(mapping.ResourceARN) : null;
      if (!resource) continue;
      const tags = Object.fromEntries(
        (mapping.Tags ?? []).flatMap((tag) =>
          tag.Key && tag.Value !== undefined ? [[tag.Key, tag.Value]] : [],
        ),
      );
      const byId = found.get(resource.service) ?? new Map<string, Record<string, string>>();
      byId.set(resource.resourceId, tags);
      found.set(resource.service, byId);
    }
  }
  return found;
}
