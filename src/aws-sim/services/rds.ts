import { reservationState, type SimReservation } from '../company/commitment-inventory.ts';
import type { SimDatabase } from '../company/databases.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { queryErrorDocument } from '../protocol/error-documents.ts';
import { explicitDeny, queryResponse, queryServiceErrors } from '../protocol/query-response.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import type { XmlElements } from '../protocol/xml.ts';
import { PROTECT_TAG } from './ec2-instance-actions.ts';
import { markerPage } from './query-protocol.ts';

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

function named(all: SimDatabase[], identifier: string): SimDatabase {
  const database = all.find((one) => one.identifier === identifier || one.arn === identifier);
  if (!database) throw new AwsError('DBInstanceNotFound', `DBInstance ${identifier} not found.`, 404);
  return database;
}

function describeDbInstances(all: SimDatabase[], context: CallContext): SimResponse {
  const { params } = context.request;
  const identifier = params.get('DBInstanceIdentifier');
  const matching = identifier ? [named(all, identifier)] : all;
  const { page, marker } = markerPage(matching, params, 'MaxRecords', { min: 20, max: 100, default: 100 });
  return queryResponse(
    'DescribeDBInstances',
    NAMESPACE,
    { DBInstances: { DBInstance: page.map(databaseXml) }, Marker: marker },
    context.requestId,
  );
}

function reservationXml(reservation: SimReservation, nowMs: number): XmlElements {
  return {
    ReservedDBInstanceId: reservation.id,
    ReservedDBInstancesOfferingId: `offering-${reservation.instanceType}-${reservation.offeringType}`,
    DBInstanceClass: reservation.instanceType,
    StartTime: new Date(reservation.startMs),
    Duration: Math.round((reservation.endMs - reservation.startMs) / 1000),
    FixedPrice: reservation.fixedPriceUsd,
    UsagePrice: 0,
    CurrencyCode: 'USD',
    DBInstanceCount: reservation.instanceCount,
    ProductDescription: 'postgresql',
    OfferingType: reservation.offeringType,
    MultiAZ: false,
    State: reservationState(reservation, nowMs),
    RecurringCharges: {
      RecurringCharge: [
        { RecurringChargeAmount: reservation.recurringUsdPerHour, RecurringChargeFrequency: 'Hourly' },
      ],
    },
    ReservedDBInstanceArn: reservation.arn,
  };
}

/** DescribeReservedDBInstances: the caller account's reservations in the region, paged like databases. */
function describeReservedDbInstances(all: SimReservation[], context: CallContext): SimResponse {
  const { params } = context.request;
  const id = params.get('ReservedDBInstanceId');
  const mine = all.filter(
    (reservation) =>
      reservation.service === 'rds' &&
      reservation.accountId === context.identity.accountId &&
      reservation.region === context.region &&
      (!id || reservation.id === id),
  );
  if (id && mine.length === 0)
    throw new AwsError('ReservedDBInstanceNotFound', `Reserved DB instance ${id} not found.`, 404);
  const { page, marker } = markerPage(mine, params, 'MaxRecords', { min: 20, max: 100, default: 100 });
  return queryResponse(
    'DescribeReservedDBInstances',
    NAMESPACE,
    {
      ReservedDBInstances: { ReservedDBInstance: page.map((one) => reservationXml(one, context.nowMs)) },
      Marker: marker,
    },
    context.requestId,
  );
}

/**
 * StopDBInstance and StartDBInstance: only from `available` (stop) or `stopped` (start), else AWS's
 * InvalidDBInstanceState; an assumed role may not touch a database tagged spendguard:protect=true.
 * RDS has no DryRun. The simulator settles the change at once (stopping → stopped).
 */
function changeState(all: SimDatabase[], context: CallContext, to: 'stopped' | 'available'): SimResponse {
  const identifier = context.request.params.get('DBInstanceIdentifier');
  if (!identifier)
    throw new AwsError('MissingParameter', 'The request must contain the parameter DBInstanceIdentifier');
  const database = named(all, identifier);
  const operation = to === 'stopped' ? 'StopDBInstance' : 'StartDBInstance';
  const tags: Record<string, string | undefined> = { ...database.tags };
  if (context.identity.arn.includes(':assumed-role/') && tags[PROTECT_TAG.key] === PROTECT_TAG.value)
    throw explicitDeny(context.identity.arn, `rds:${operation}`, database.arn);
  const from = to === 'stopped' ? 'available' : 'stopped';
  if (database.status !== from)
    throw new AwsError('InvalidDBInstanceState', `Instance ${database.identifier} is not in ${from} state.`);
  database.status = to;
  const answered: SimDatabase = { ...database, status: to === 'stopped' ? 'stopping' : 'starting' };
  return queryResponse(operation, NAMESPACE, { DBInstance: databaseXml(answered) }, context.requestId);
}

/**
 * Amazon RDS: DescribeDBInstances (paged by Marker and MaxRecords, 20 to 100), StopDBInstance and
 * StartDBInstance, on the databases the caller's account runs in the region; DescribeReservedDBInstances.
 */
export function rdsService(databases: () => SimDatabase[], reservations: SimReservation[]): ServiceHandler {
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
      if (context.operation === 'DescribeReservedDBInstances')
        return describeReservedDbInstances(reservations, context);
      const all = databases().filter(
        (database) =>
          database.accountId === context.identity.accountId &&
          database.region === context.region &&
          database.createdAt <= context.nowMs,
      );
      if (context.operation === 'DescribeDBInstances') return describeDbInstances(all, context);
      if (context.operation === 'StopDBInstance') return changeState(all, context, 'stopped');
      if (context.operation === 'StartDBInstance') return changeState(all, context, 'available');
      throw new AwsError('InvalidAction', `The simulator does not offer ${context.operation}.`);
    },
    renderError: (error, requestId) => queryErrorDocument(error, requestId, NAMESPACE),
    errors: queryServiceErrors,
  };
}
