import type { SimDatabase } from '../company/databases.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { queryStyleCredentialErrors } from '../protocol/credential-errors.ts';
import { queryErrorDocument } from '../protocol/error-documents.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import { notAuthorizedMessage } from '../protocol/service-handler.ts';
import type { XmlElements } from '../protocol/xml.ts';
import { markerPage, queryResult } from './query-protocol.ts';

const VERSION = '2014-10-31';
const NAMESPACE = `http://rds.amazonaws.com/doc/${VERSION}/`;

function databaseXml(database: SimDatabase): XmlElements {
  return {
    DBInstanceIdentifier: database.identifier,
    DBInstanceClass: database.instanceClass,
    Engine: database.engine,
    DBInstanceStatus: database.status,
    AllocatedStorage: database.storageGb,
    InstanceCreateTime: new Date(database.createdAt),
    AvailabilityZone: `${database.region}a`,
    MultiAZ: false,
    StorageType: 'gp3',
    DBInstanceArn: database.arn,
    // RDS lists each item under its type's name, not <member>.
    TagList: { Tag: Object.entries(database.tags).map(([Key, Value]) => ({ Key, Value })) },
  };
}

function describeDbInstances(all: SimDatabase[], context: CallContext): SimResponse {
  const { params } = context.request;
  const identifier = params.get('DBInstanceIdentifier');
  const matching = identifier
    ? all.filter((database) => database.identifier === identifier || database.arn === identifier)
    : all;
  if (identifier && matching.length === 0)
    throw new AwsError('DBInstanceNotFound', `DBInstance ${identifier} not found.`, 404);
  const { page, marker } = markerPage(matching, params, 'MaxRecords', { min: 20, max: 100, default: 100 });
  return queryResult(
    NAMESPACE,
    'DescribeDBInstances',
    { DBInstances: { DBInstance: page.map(databaseXml) }, Marker: marker },
    context.requestId,
  );
}

/** Amazon RDS: DescribeDBInstances, paged by Marker and MaxRecords (20 to 100). */
export function rdsService(databases: () => SimDatabase[]): ServiceHandler {
  return {
    name: 'rds',
    signingName: 'rds',
    operationOf: (request) =>
      request.params.get('Version') === VERSION ? (request.params.get('Action') ?? '') : undefined,
    permissionFor: (operation) => ({ action: `rds:${operation}`, resource: '' }),
    async handle(context) {
      const all = databases().filter(
        (database) =>
          database.accountId === context.identity.accountId &&
          database.region === context.region &&
          database.createdAt <= context.nowMs,
      );
      if (context.operation === 'DescribeDBInstances') return describeDbInstances(all, context);
      throw new AwsError('InvalidAction', `The simulator does not offer ${context.operation}.`);
    },
    renderError: (error, requestId) => queryErrorDocument(error, requestId, NAMESPACE),
    errors: {
      ...queryStyleCredentialErrors,
      throttled: () => new AwsError('Throttling', 'Rate exceeded', 400),
      accessDenied: (callerArn, action) =>
        new AwsError('AccessDenied', notAuthorizedMessage(callerArn, action), 403),
    },
  };
}
