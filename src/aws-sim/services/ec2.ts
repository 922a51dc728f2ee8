import type { SimReservation } from '../company/commitment-inventory.ts';
import type { CompanyModel } from '../company/company-model.ts';
import type { FleetInstance } from '../company/fleet.ts';
import type { SimNatGateway } from '../company/network-services.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { ec2ErrorDocument } from '../protocol/error-documents.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import { notAuthorizedMessage, SIGNATURE_MISMATCH_MESSAGE } from '../protocol/service-handler.ts';
import { items, type XmlElements, xmlDocument } from '../protocol/xml.ts';
import { numberedParams, passesFilters, queryFilters } from './ec2-filters.ts';
import { changeInstancesState, changeInstanceTags, type InstanceControl } from './ec2-instance-actions.ts';
import { instanceXml } from './ec2-instances-xml.ts';
import { describeNatGateways, describeNetworkInterfaces } from './ec2-network.ts';
import { describeReservedInstances } from './ec2-reserved-instances.ts';
import { describeAddresses, describeSnapshots, describeVolumes } from './ec2-waste.ts';

const NAMESPACE = 'http://ec2.amazonaws.com/doc/2016-11-15/';

/** The regions enabled for every account; opt-in regions appear only with AllRegions=true. */
const DEFAULT_REGIONS = [
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-south-1',
  'ap-southeast-1',
  'ap-southeast-2',
  'ca-central-1',
  'eu-central-1',
  'eu-north-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'sa-east-1',
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
];
const OPT_IN_REGIONS = ['af-south-1', 'ap-east-1', 'eu-south-1', 'me-south-1'];

function respond(operation: string, requestId: string, members: XmlElements): SimResponse {
  return {
    status: 200,
    headers: { 'content-type': 'text/xml;charset=UTF-8' },
    body: xmlDocument(`${operation}Response`, NAMESPACE, { requestId, ...members }),
  };
}

function pageBounds(params: URLSearchParams, total: number, hasIds: boolean) {
  const maxResultsText = params.get('MaxResults');
  if (maxResultsText !== null && hasIds) {
    throw new AwsError(
      'InvalidParameterCombination',
      'The parameter instancesSet cannot be used with the parameter maxResults',
    );
  }
  const maxResults = maxResultsText === null ? total : Number(maxResultsText);
  if (maxResultsText !== null && (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 1000)) {
    throw new AwsError(
      'InvalidParameterValue',
      `Value ( ${maxResultsText} ) for parameter maxResults is invalid. Expecting a value greater than 5.`,
    );
  }
  const token = params.get('NextToken');
  const offset =
    token === null ? 0 : Number(Buffer.from(token, 'base64url').toString('utf8').replace('offset:', ''));
  if (!Number.isInteger(offset) || offset < 0)
    throw new AwsError('InvalidParameterValue', 'The value of nextToken is invalid.');
  return { offset, maxResults };
}

function describeInstances(fleet: FleetInstance[], context: CallContext): SimResponse {
  const { params } = context.request;
  const ids = numberedParams(params, 'InstanceId');
  const inScope = fleet.filter(
    (instance) => instance.accountId === context.identity.accountId && instance.region === context.region,
  );
  const unknown = ids.find((id) => !inScope.some((instance) => instance.instanceId === id));
  if (unknown)
    throw new AwsError('InvalidInstanceID.NotFound', `The instance ID '${unknown}' does not exist`);
  const filters = queryFilters(params);
  const matching = inScope.filter(
    (instance) => (ids.length === 0 || ids.includes(instance.instanceId)) && passesFilters(instance, filters),
  );
  const { offset, maxResults } = pageBounds(params, matching.length, ids.length > 0);
  const page = matching.slice(offset, offset + maxResults);
  const nextOffset = offset + page.length;
  return respond('DescribeInstances', context.requestId, {
    reservationSet: items(
      page.map((instance) => ({
        reservationId: `r-0${instance.instanceId.slice(3, 19)}`,
        ownerId: instance.accountId,
        groupSet: '',
        instancesSet: items([instanceXml(instance)]),
      })),
    ),
    nextToken:
      nextOffset < matching.length ? Buffer.from(`offset:${nextOffset}`).toString('base64url') : undefined,
  });
}

function describeRegions(context: CallContext): SimResponse {
  const { params } = context.request;
  const wanted = numberedParams(params, 'RegionName');
  const all = params.get('AllRegions') === 'true';
  const regions = [
    ...DEFAULT_REGIONS.map((name) => ({ name, status: 'opt-in-not-required' })),
    ...(all ? OPT_IN_REGIONS.map((name) => ({ name, status: 'not-opted-in' })) : []),
  ].filter((region) => wanted.length === 0 || wanted.includes(region.name));
  return respond('DescribeRegions', context.requestId, {
    regionInfo: items(
      regions.map((region) => ({
        regionName: region.name,
        regionEndpoint: `ec2.${region.name}.amazonaws.com`,
        optInStatus: region.status,
      })),
    ),
  });
}

/**
 * `launched`: instances started after the simulator did (a GPU burst), shown next to the planted fleet;
 * `control`: where StopInstances and StartInstances change the fleet and tell its launch-events queue.
 */
export function ec2Service(
  model: CompanyModel,
  launched: () => FleetInstance[],
  control: InstanceControl,
  natGateways: () => SimNatGateway[],
  reservations: SimReservation[],
): ServiceHandler {
  const fleet = () => [...model.fleet, ...launched()];
  return {
    name: 'ec2',
    signingName: 'ec2',
    operationOf: (request) =>
      request.params.get('Version') === '2016-11-15' ? (request.params.get('Action') ?? '') : undefined,
    permissionFor: (operation) => ({ action: `ec2:${operation}`, resource: '' }),
    async handle(context) {
      if (context.operation === 'DescribeInstances') {
        return describeInstances(fleet(), context);
      }
      if (context.operation === 'DescribeRegions') return describeRegions(context);
      if (context.operation === 'DescribeVolumes')
        return respond(
          'DescribeVolumes',
          context.requestId,
          describeVolumes(model.waste, model.fleet, context),
        );
      if (context.operation === 'DescribeSnapshots')
        return respond('DescribeSnapshots', context.requestId, describeSnapshots(model.waste, context));
      if (context.operation === 'DescribeAddresses')
        return respond('DescribeAddresses', context.requestId, describeAddresses(model.waste, context));
      if (context.operation === 'DescribeReservedInstances')
        return respond(
          'DescribeReservedInstances',
          context.requestId,
          describeReservedInstances(reservations, context),
        );
      if (context.operation === 'DescribeNatGateways')
        return respond('DescribeNatGateways', context.requestId, describeNatGateways(natGateways(), context));
      if (context.operation === 'DescribeNetworkInterfaces')
        return respond(
          'DescribeNetworkInterfaces',
          context.requestId,
          describeNetworkInterfaces(model.waste.networkInterfaces, fleet(), context),
        );
      if (context.operation === 'StopInstances' || context.operation === 'StartInstances') {
        const to = context.operation === 'StopInstances' ? 'stopped' : 'running';
        return respond(
          context.operation,
          context.requestId,
          changeInstancesState(fleet(), control, context, to),
        );
      }
      if (context.operation === 'CreateTags' || context.operation === 'DeleteTags')
        return respond(
          context.operation,
          context.requestId,
          changeInstanceTags(fleet(), context, context.operation === 'CreateTags' ? 'create' : 'delete'),
        );
      throw new AwsError(
        'InvalidAction',
        `The action ${context.operation} is not valid for this web service.`,
      );
    },
    renderError: (error, requestId) => ec2ErrorDocument(error, requestId),
    errors: {
      missingAuthentication: () =>
        new AwsError('MissingAuthenticationToken', 'Request is missing Authentication Token', 401),
      unknownAccessKey: () =>
        new AwsError('AuthFailure', 'AWS was not able to validate the provided access credentials', 401),
      signatureMismatch: () => new AwsError('SignatureDoesNotMatch', SIGNATURE_MISMATCH_MESSAGE, 403),
      expiredToken: () => new AwsError('RequestExpired', 'Request has expired.', 400),
      throttled: () => new AwsError('RequestLimitExceeded', 'Request limit exceeded.', 503),
      accessDenied: (callerArn, action) =>
        new AwsError(
          'UnauthorizedOperation',
          `You are not authorized to perform this operation. ${notAuthorizedMessage(callerArn, action)}`,
          403,
        ),
    },
  };
}
