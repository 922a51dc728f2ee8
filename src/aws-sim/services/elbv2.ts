import type { SimLoadBalancer, SimTargetGroup } from '../company/load-balancers.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { queryErrorDocument } from '../protocol/error-documents.ts';
import { members, queryResponse, queryServiceErrors } from '../protocol/query-response.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import type { XmlElements } from '../protocol/xml.ts';
import { markerPage, memberParams } from './query-protocol.ts';

const VERSION = '2015-12-01';
const NAMESPACE = `http://elasticloadbalancing.amazonaws.com/doc/${VERSION}/`;
/** DescribeTags takes at most 20 ARNs a call. */
const TAG_ARNS_PER_CALL = 20;

/** awsQuery lists: <List><member>..</member></List>. */

function inScope(loadBalancers: SimLoadBalancer[], context: CallContext) {
  return loadBalancers.filter(
    (lb) =>
      lb.accountId === context.identity.accountId &&
      lb.region === context.region &&
      lb.createdAt <= context.nowMs,
  );
}

function loadBalancerXml(lb: SimLoadBalancer): XmlElements {
  const id = lb.arn.split('/').pop() ?? '';
  return {
    LoadBalancerArn: lb.arn,
    DNSName: `${lb.name}-${id.slice(0, 10)}.${lb.region}.elb.amazonaws.com`,
    CanonicalHostedZoneId: 'Z35SXDOTRQ7X7K',
    CreatedTime: new Date(lb.createdAt),
    LoadBalancerName: lb.name,
    Scheme: 'internet-facing',
    VpcId: lb.vpcId,
    State: { Code: 'active' },
    Type: lb.type,
    AvailabilityZones: members([{ ZoneName: `${lb.region}a`, SubnetId: `subnet-0${id.slice(0, 16)}` }]),
    IpAddressType: 'ipv4',
  };
}

function describeLoadBalancers(all: SimLoadBalancer[], context: CallContext): SimResponse {
  const { params } = context.request;
  const arns = memberParams(params, 'LoadBalancerArns');
  const unknown = arns.find((arn) => !all.some((lb) => lb.arn === arn));
  if (unknown)
    throw new AwsError('LoadBalancerNotFound', `One or more load balancers not found: '${unknown}'`, 400);
  const matching = arns.length === 0 ? all : all.filter((lb) => arns.includes(lb.arn));
  const { page, marker } = markerPage(matching, params, 'PageSize', { min: 1, max: 400, default: 400 });
  return queryResponse(
    'DescribeLoadBalancers',
    NAMESPACE,
    { LoadBalancers: members(page.map(loadBalancerXml)), NextMarker: marker },
    context.requestId,
  );
}

function targetGroupXml(group: SimTargetGroup, lb: SimLoadBalancer): XmlElements {
  return {
    TargetGroupArn: group.arn,
    TargetGroupName: group.name,
    Protocol: group.protocol,
    Port: group.port,
    VpcId: lb.vpcId,
    TargetType: 'instance',
    LoadBalancerArns: { member: [lb.arn] },
  };
}

function describeTargetGroups(all: SimLoadBalancer[], context: CallContext): SimResponse {
  const { params } = context.request;
  const lbArn = params.get('LoadBalancerArn');
  if (lbArn && !all.some((lb) => lb.arn === lbArn))
    throw new AwsError('LoadBalancerNotFound', `Load balancer '${lbArn}' not found`, 400);
  const groups = all
    .filter((lb) => !lbArn || lb.arn === lbArn)
    .flatMap((lb) => lb.targetGroups.map((group) => ({ group, lb })));
  const { page, marker } = markerPage(groups, params, 'PageSize', { min: 1, max: 400, default: 400 });
  return queryResponse(
    'DescribeTargetGroups',
    NAMESPACE,
    {
      TargetGroups: members(page.map(({ group, lb }) => targetGroupXml(group, lb))),
      NextMarker: marker,
    },
    context.requestId,
  );
}

function describeTargetHealth(all: SimLoadBalancer[], context: CallContext): SimResponse {
  const arn = context.request.params.get('TargetGroupArn');
  if (!arn)
    throw new AwsError(
      'ValidationError',
      "1 validation error detected: Value null at 'targetGroupArn' failed to satisfy constraint: Member must not be null",
    );
  const group = all.flatMap((lb) => lb.targetGroups).find((candidate) => candidate.arn === arn);
  if (!group) throw new AwsError('TargetGroupNotFound', `Target groups '${arn}' not found`, 400);
  return queryResponse(
    'DescribeTargetHealth',
    NAMESPACE,
    {
      TargetHealthDescriptions: members(
        group.targets.map((target) => ({
          Target: { Id: target.id, Port: target.port },
          HealthCheckPort: String(target.port),
          TargetHealth: { State: target.health },
        })),
      ),
    },
    context.requestId,
  );
}

function describeTags(all: SimLoadBalancer[], context: CallContext): SimResponse {
  const arns = memberParams(context.request.params, 'ResourceArns');
  if (arns.length === 0 || arns.length > TAG_ARNS_PER_CALL)
    throw new AwsError('ValidationError', `ResourceArns must hold between 1 and ${TAG_ARNS_PER_CALL} ARNs.`);
  const descriptions = arns.map((arn) => {
    const lb = all.find((candidate) => candidate.arn === arn);
    if (!lb) throw new AwsError('LoadBalancerNotFound', `Load balancer '${arn}' not found`, 400);
    const tags = { Name: lb.name, ...lb.tags };
    return {
      ResourceArn: arn,
      Tags: members(Object.entries(tags).map(([Key, Value]) => ({ Key, Value }))),
    };
  });
  return queryResponse(
    'DescribeTags',
    NAMESPACE,
    { TagDescriptions: members(descriptions) },
    context.requestId,
  );
}

/** Elastic Load Balancing v2 (Application and Network Load Balancers): the describe calls the finders make. */
export function elbv2Service(loadBalancers: () => SimLoadBalancer[]): ServiceHandler {
  return {
    name: 'elasticloadbalancing',
    signingName: 'elasticloadbalancing',
    operationOf: (request) =>
      request.params.get('Version') === VERSION ? (request.params.get('Action') ?? '') : undefined,
    permissionFor: (operation) => ({ action: `elasticloadbalancing:${operation}`, resource: '' }),
    async handle(context) {
      const all = inScope(loadBalancers(), context);
      if (context.operation === 'DescribeLoadBalancers') return describeLoadBalancers(all, context);
      if (context.operation === 'DescribeTargetGroups') return describeTargetGroups(all, context);
      if (context.operation === 'DescribeTargetHealth') return describeTargetHealth(all, context);
      if (context.operation === 'DescribeTags') return describeTags(all, context);
      throw new AwsError('InvalidAction', `The simulator does not offer ${context.operation}.`);
    },
    renderError: (error, requestId) => queryErrorDocument(error, requestId, NAMESPACE),
    errors: queryServiceErrors,
  };
}
