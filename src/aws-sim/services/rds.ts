import type { SimDbInstance } from '../company/scalable-resources.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { queryErrorDocument } from '../protocol/error-documents.ts';
import { explicitDeny, queryResponse, queryServiceErrors } from '../protocol/query-response.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import { PROTECT_TAG } from './ec2-instance-actions.ts';

const NAMESPACE = 'http://rds.amazonaws.com/doc/2014-10-31/';
const VERSION = '2014-10-31';

const dbArn = (db: SimDbInstance) => `arn:aws:rds:${db.region}:${db.accountId}:db:${db.identifier}`;

// RDS names its list members: <DBInstances><DBInstance/>, <TagList><Tag/>.
function dbXml(db: SimDbInstance) {
  return {
    DBInstanceIdentifier: db.identifier,
    DBInstanceClass: db.instanceClass,
    Engine: db.engine,
    DBInstanceStatus: db.status,
    DBInstanceArn: dbArn(db),
    TagList: { Tag: Object.entries(db.tags).map(([Key, Value]) => ({ Key, Value })) },
  };
}

function namedDb(databases: SimDbInstance[], context: CallContext, required: boolean) {
  const identifier = context.request.params.get('DBInstanceIdentifier');
  if (!identifier) {
    if (required)
      throw new AwsError('MissingParameter', 'The request must contain the parameter DBInstanceIdentifier');
    return undefined;
  }
  const db = databases.find(
    (candidate) =>
      candidate.identifier === identifier &&
      candidate.accountId === context.identity.accountId &&
      candidate.region === context.region,
  );
  if (!db) throw new AwsError('DBInstanceNotFound', `DBInstance ${identifier} not found.`, 404);
  return db;
}

function describeDatabases(databases: SimDbInstance[], context: CallContext): SimResponse {
  const named = namedDb(databases, context, false);
  const listed = named
    ? [named]
    : databases.filter((db) => db.accountId === context.identity.accountId && db.region === context.region);
  return queryResponse(
    'DescribeDBInstances',
    NAMESPACE,
    { DBInstances: { DBInstance: listed.map(dbXml) } },
    context.requestId,
  );
}

/**
 * StopDBInstance and StartDBInstance: only from `available` (stop) or `stopped` (start), else AWS's
 * InvalidDBInstanceState; an assumed role may not touch a database tagged spendguard:protect=true.
 * RDS has no DryRun. The simulator settles the change at once (stopping → stopped).
 */
function changeState(databases: SimDbInstance[], context: CallContext, to: 'stopped' | 'available') {
  const db = namedDb(databases, context, true) as SimDbInstance;
  const operation = to === 'stopped' ? 'StopDBInstance' : 'StartDBInstance';
  if (context.identity.arn.includes(':assumed-role/') && db.tags[PROTECT_TAG.key] === PROTECT_TAG.value)
    throw explicitDeny(context.identity.arn, `rds:${operation}`, dbArn(db));
  const from = to === 'stopped' ? 'available' : 'stopped';
  if (db.status !== from)
    throw new AwsError('InvalidDBInstanceState', `Instance ${db.identifier} is not in ${from} state.`);
  db.status = to;
  const answered = { ...db, status: to === 'stopped' ? 'stopping' : 'starting' } as SimDbInstance;
  return queryResponse(operation, NAMESPACE, { DBInstance: dbXml(answered) }, context.requestId);
}

/** RDS (awsQuery): DescribeDBInstances, StopDBInstance, StartDBInstance on the company's databases. */
export function rdsService(databases: () => SimDbInstance[]): ServiceHandler {
  return {
    name: 'rds',
    signingName: 'rds',
    operationOf: (request) =>
      request.params.get('Version') === VERSION ? (request.params.get('Action') ?? '') : undefined,
    permissionFor: (operation, request) => ({
      action: `rds:${operation}`,
      resource: request.params.get('DBInstanceIdentifier') ?? '*',
    }),
    async handle(context) {
      if (context.operation === 'DescribeDBInstances') return describeDatabases(databases(), context);
      if (context.operation === 'StopDBInstance') return changeState(databases(), context, 'stopped');
      if (context.operation === 'StartDBInstance') return changeState(databases(), context, 'available');
      throw new AwsError(
        'InvalidAction',
        `Could not find operation ${context.operation} for version ${VERSION}`,
      );
    },
    renderError: (error, requestId) => queryErrorDocument(error, requestId, NAMESPACE),
    errors: queryServiceErrors,
  };
}
