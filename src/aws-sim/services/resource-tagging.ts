import type { TaggedResource } from '../company/tagged-resources.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { jsonBody } from '../protocol/json-body.ts';
import { accessDeniedWithStatus, jsonServiceErrors } from '../protocol/json-service-errors.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import { targetedOperation } from '../protocol/service-handler.ts';

const CONTENT_TYPE = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'ResourceGroupsTaggingAPI_20170126.';
const MAX_PER_PAGE = 100;

interface GetResourcesRequest {
  ResourceTypeFilters?: string[];
  TagFilters?: Array<{ Key?: string; Values?: string[] }>;
  ResourcesPerPage?: number;
  PaginationToken?: string;
}

/** `ec2:natgateway` for `arn:aws:ec2:…:natgateway/nat-…`; `lambda:function` for `…:function:name`. */
function resourceTypeOf(arn: string): string {
  const [, , service = '', , , ...rest] = arn.split(':');
  const resource = rest.join(':');
  const type = resource.split(/[/:]/)[0] ?? '';
  return `${service}:${type}`;
}

function matchesTagFilters(resource: TaggedResource, filters: GetResourcesRequest['TagFilters']): boolean {
  return (filters ?? []).every((filter) => {
    const value = filter.Key === undefined ? undefined : resource.tags[filter.Key];
    return value !== undefined && (!filter.Values?.length || filter.Values.includes(value));
  });
}

/**
 * GetResources (JSON 1.1): the caller's tagged resources in the signed region, filtered by resource
 * type (`service` or `service:type`) and tag, `ResourcesPerPage` (1 to 100) a page with
 * `PaginationToken`. A resource that never had a tag is not listed, as in AWS.
 */
function getResources(resources: () => readonly TaggedResource[], context: CallContext): SimResponse {
  const request = jsonBody<GetResourcesRequest>(context.request);
  const size = request.ResourcesPerPage ?? MAX_PER_PAGE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PER_PAGE)
    throw new AwsError('InvalidParameterException', 'ResourcesPerPage must be between 1 and 100.');
  const types = request.ResourceTypeFilters ?? [];
  const matching = resources()
    .filter(
      (resource) =>
        resource.accountId === context.identity.accountId &&
        resource.region === context.region &&
        (types.length === 0 ||
          types.some(
            (type) => type === resourceTypeOf(resource.arn) || type === resource.arn.split(':')[2],
          )) &&
        matchesTagFilters(resource, request.TagFilters),
    )
    .sort((a, b) => a.arn.localeCompare(b.arn));
  const offset = request.PaginationToken
    ? Number(Buffer.from(request.PaginationToken, 'base64url').toString('utf8'))
    : 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw new AwsError('PaginationTokenExpiredException', 'The PaginationToken is not valid.');
  const page = matching.slice(offset, offset + size);
  const next = offset + page.length;
  return {
    status: 200,
    headers: { 'content-type': CONTENT_TYPE },
    body: JSON.stringify({
      ResourceTagMappingList: page.map((resource) => ({
        ResourceARN: resource.arn,
        Tags: Object.entries(resource.tags).map(([Key, Value]) => ({ Key, Value })),
      })),
      PaginationToken: next < matching.length ? Buffer.from(String(next)).toString('base64url') : '',
    }),
  };
}

/** The Resource Groups Tagging API: GetResources, which the usage meter reads owners from. */
export function resourceTaggingService(resources: () => readonly TaggedResource[]): ServiceHandler {
  return {
    name: 'tagging',
    signingName: 'tagging',
    operationOf: (request) => targetedOperation(request, TARGET_PREFIX),
    permissionFor: (operation) => ({ action: `tag:${operation}`, resource: '' }),
    async handle(context) {
      if (context.operation === 'GetResources') return getResources(resources, context);
      throw new AwsError('InvalidAction', `The simulator does not offer ${context.operation}.`);
    },
    ...jsonServiceErrors(CONTENT_TYPE, {
      throttled: () => new AwsError('ThrottledException', 'Rate exceeded', 400),
      accessDenied: accessDeniedWithStatus(400),
    }),
  };
}
