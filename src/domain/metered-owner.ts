/**
 * Who owns a metered resource, from its tags (docs/decisions/125): the owner tag `ownerFromTags`
 * trusts (owner, team, created-by keys, as the live-spend alerts name it), "no owner tag" when the
 * tags name nobody, and "not known" with the reason when the tags could not be read. Never a guess.
 */

import type { MeteredService } from './usage-prices.ts';

/** Tag keys that name who owns a resource, in the order they are trusted. */
export const OWNER_TAG_KEYS = ['owner', 'Owner', 'OWNER', 'team', 'Team', 'created-by', 'CreatedBy'] as const;

/** Who owns a resource by its tags; null when its tags name nobody (or are not known). */
export function ownerFromTags(tags: Readonly<Record<string, string>>): { key: string; value: string } | null {
  for (const key of OWNER_TAG_KEYS) {
    const value = tags[key]?.trim();
    if (value) return { key, value };
  }
  return null;
}

/** The tags of a charge's listed resources as a meter read found them, or why it could not. */
export type ResourceTagsRead =
  | { read: true; tags: Readonly<Record<string, Readonly<Record<string, string>>>> }
  | { read: false; reason: string };

export type MeteredOwner =
  | { kind: 'tag'; key: string; value: string }
  | { kind: 'no-owner-tag' }
  | { kind: 'unknown'; reason: string };

/** The owner of one resource from what the read found of its tags (an unlisted resource has none). */
export function meteredOwnerOf(tagsRead: ResourceTagsRead | undefined, resourceId: string): MeteredOwner {
  if (!tagsRead) return { kind: 'unknown', reason: 'its tags have not been read yet' };
  if (!tagsRead.read) return { kind: 'unknown', reason: tagsRead.reason };
  const owner = ownerFromTags(tagsRead.tags[resourceId] ?? {});
  return owner ? { kind: 'tag', ...owner } : { kind: 'no-owner-tag' };
}

/** "Owner (its tag team): payments.", "No owner tag.", or "Owner not known: …." */
export function meteredOwnerSentence(owner: MeteredOwner): string {
  if (owner.kind === 'tag') return `Owner (its tag ${owner.key}): ${owner.value}.`;
  if (owner.kind === 'no-owner-tag') return 'No owner tag.';
  return `Owner not known: ${owner.reason}.`;
}

/**
 * The Resource Groups Tagging API types the meter asks for, and how each ARN names the resource the
 * meter reads (NAT gateway id, instance id, function name, log group name, table name). Bedrock's
 * foundation models belong to AWS and carry no tags of the customer's.
 */
export const TAGGED_RESOURCE_TYPES: Readonly<Partial<Record<MeteredService, string>>> = {
  'nat-gateway': 'ec2:natgateway',
  'ec2-egress': 'ec2:instance',
  lambda: 'lambda:function',
  logs: 'logs:log-group',
  dynamodb: 'dynamodb:table',
};

export const UNTAGGABLE_REASON: Readonly<Partial<Record<MeteredService, string>>> = {
  bedrock: "a Bedrock foundation model is AWS's, it carries no tags of the account",
};

/** The metered service and resource id an ARN names, or null for a resource the meter does not read. */
export function meteredResourceOfArn(arn: string): { service: MeteredService; resourceId: string } | null {
  const [prefix, , service, , , ...rest] = arn.split(':');
  if (prefix !== 'arn' || rest.length === 0) return null;
  const resource = rest.join(':');
  const after = (head: string) => (resource.startsWith(head) ? resource.slice(head.length) : undefined);
  if (service === 'ec2') {
    const gateway = after('natgateway/');
    if (gateway) return { service: 'nat-gateway', resourceId: gateway };
    const instance = after('instance/');
    return instance ? { service: 'ec2-egress', resourceId: instance } : null;
  }
  if (service === 'lambda') {
    // A qualified ARN (`function:name:alias`) tags the same function.
    const name = after('function:')?.split(':')[0];
    return name ? { service: 'lambda', resourceId: name } : null;
  }
  if (service === 'logs') {
    const group = after('log-group:')?.replace(/:\*$/, '');
    return group ? { service: 'logs', resourceId: group } : null;
  }
  if (service === 'dynamodb') {
    const table = after('table/');
    return table && !table.includes('/') ? { service: 'dynamodb', resourceId: table } : null;
  }
  return null;
}
