import type { ApiCaller } from '../company/launch-event-envelopes.ts';
import type { SimAutoScalingGroup } from '../company/scalable-resources.ts';
import { AwsError, validationError } from '../protocol/aws-error.ts';
import { queryErrorDocument } from '../protocol/error-documents.ts';
import { explicitDeny, members, queryResponse, queryServiceErrors } from '../protocol/query-response.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import { PROTECT_TAG } from './ec2-instance-actions.ts';

const NAMESPACE = 'http://autoscaling.amazonaws.com/doc/2011-01-01/';
const VERSION = '2011-01-01';

const groupArn = (group: SimAutoScalingGroup) =>
  `arn:aws:autoscaling:${group.region}:${group.accountId}:autoScalingGroup:00000000-0000-0000-0000-000000000000:autoScalingGroupName/${group.name}`;

function groupXml(group: SimAutoScalingGroup) {
  return {
    AutoScalingGroupName: group.name,
    AutoScalingGroupARN: groupArn(group),
    MinSize: group.minSize,
    MaxSize: group.maxSize,
    DesiredCapacity: group.desiredCapacity,
    Tags: members(
      Object.entries(group.tags).map(([Key, Value]) => ({
        ResourceId: group.name,
        ResourceType: 'auto-scaling-group',
        Key,
        Value,
        PropagateAtLaunch: true,
      })),
    ),
  };
}

/** What a group's new capacity does to its instances: the fleet terminates or launches them. */
export interface GroupControl {
  capacityChanged(caller: ApiCaller, group: SimAutoScalingGroup): void;
}

const inScope = (groups: SimAutoScalingGroup[], context: CallContext) =>
  groups.filter((group) => group.accountId === context.identity.accountId && group.region === context.region);

function describeGroups(groups: SimAutoScalingGroup[], context: CallContext): SimResponse {
  const { params } = context.request;
  const names: string[] = [];
  for (let index = 1; params.has(`AutoScalingGroupNames.member.${index}`); index += 1)
    names.push(params.get(`AutoScalingGroupNames.member.${index}`) ?? '');
  // AWS answers an unknown name with an empty list, not an error.
  const found = inScope(groups, context).filter((group) => names.length === 0 || names.includes(group.name));
  return queryResponse(
    'DescribeAutoScalingGroups',
    NAMESPACE,
    { AutoScalingGroups: members(found.map(groupXml)) },
    context.requestId,
  );
}

function sizeParam(params: URLSearchParams, name: string): number | undefined {
  const text = params.get(name);
  if (text === null) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw validationError(
      `1 validation error detected: Value '${text}' at '${name}' failed to satisfy constraint`,
    );
  return value;
}

/**
 * UpdateAutoScalingGroup: the sizes it names, checked as AWS does (min <= desired <= max); an assumed
 * role may not touch a group tagged spendguard:protect=true (the action role's Deny). No DryRun exists.
 */
function updateGroup(
  groups: SimAutoScalingGroup[],
  control: GroupControl,
  context: CallContext,
): SimResponse {
  const { params } = context.request;
  const name = params.get('AutoScalingGroupName');
  if (!name)
    throw validationError(
      "1 validation error detected: Value null at 'autoScalingGroupName' failed to satisfy constraint: Member must not be null",
    );
  const group = inScope(groups, context).find((candidate) => candidate.name === name);
  if (!group) throw validationError(`AutoScalingGroup name not found - ${name}`);
  if (context.identity.arn.includes(':assumed-role/') && group.tags[PROTECT_TAG.key] === PROTECT_TAG.value)
    throw explicitDeny(context.identity.arn, 'autoscaling:UpdateAutoScalingGroup', groupArn(group));
  const minSize = sizeParam(params, 'MinSize') ?? group.minSize;
  const maxSize = sizeParam(params, 'MaxSize') ?? group.maxSize;
  const desiredCapacity = sizeParam(params, 'DesiredCapacity') ?? group.desiredCapacity;
  if (minSize > maxSize)
    throw validationError(`Max bound, ${maxSize}, must be greater than or equal to min bound, ${minSize}`);
  if (desiredCapacity < minSize || desiredCapacity > maxSize)
    throw validationError(
      `Desired capacity:${desiredCapacity} must be between the specified min size:${minSize} and max size:${maxSize}`,
    );
  Object.assign(group, { minSize, maxSize, desiredCapacity });
  const { identity } = context;
  control.capacityChanged(
    {
      accountId: identity.accountId,
      region: context.region,
      userName: identity.arn.split('/').pop() ?? 'unknown',
      assumedRoleArn: identity.arn.includes(':assumed-role/') ? identity.arn : undefined,
    },
    group,
  );
  return {
    status: 200,
    headers: { 'content-type': 'text/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<UpdateAutoScalingGroupResponse xmlns="${NAMESPACE}"><ResponseMetadata><RequestId>${context.requestId}</RequestId></ResponseMetadata></UpdateAutoScalingGroupResponse>`,
  };
}

/**
 * Auto Scaling (awsQuery): DescribeAutoScalingGroups and UpdateAutoScalingGroup on the company's groups;
 * a new capacity terminates or launches the group's instances through `control`.
 */
export function autoScalingService(
  groups: () => SimAutoScalingGroup[],
  control: GroupControl,
): ServiceHandler {
  return {
    name: 'autoscaling',
    signingName: 'autoscaling',
    operationOf: (request) =>
      request.params.get('Version') === VERSION ? (request.params.get('Action') ?? '') : undefined,
    permissionFor: (operation, request) => ({
      action: `autoscaling:${operation}`,
      resource: request.params.get('AutoScalingGroupName') ?? '*',
    }),
    async handle(context) {
      if (context.operation === 'DescribeAutoScalingGroups') return describeGroups(groups(), context);
      if (context.operation === 'UpdateAutoScalingGroup') return updateGroup(groups(), control, context);
      throw new AwsError(
        'InvalidAction',
        `Could not find operation ${context.operation} for version ${VERSION}`,
      );
    },
    renderError: (error, requestId) => queryErrorDocument(error, requestId, NAMESPACE),
    errors: queryServiceErrors,
  };
}
