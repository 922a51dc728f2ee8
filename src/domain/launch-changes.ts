/**
 * What an EventBridge event changes in the live ledger: a resource started, resized or stopped.
 * EC2 state-change notifications carry only the instance id and state; CloudTrail API calls
 * (which need a trail) add the type, the count and who called. A failed call (errorCode) changed
 * nothing; an event of another kind is 'unsupported-event'.
 */

import {
  type EnvelopeExpectations,
  type EventBridgeEnvelope,
  isRecord,
  MAX_ENVELOPE_FIELD_LENGTH,
  type Parsed,
  parseEventBridgeEnvelope,
  reject,
} from './eventbridge-envelope.ts';

export type LaunchResourceKind = 'ec2-instance' | 'nat-gateway' | 'rds-instance' | 'auto-scaling-group';
export type LaunchAction = 'start' | 'resize' | 'stop';

export interface LaunchResource {
  kind: LaunchResourceKind;
  /** Instance id, NAT gateway id, DB instance identifier or Auto Scaling group name. */
  id: string;
  /** Instance type or DB instance class, when the event names it. */
  type?: string;
  /** RDS: a Multi-AZ instance runs (and costs) two. */
  multiAz?: boolean;
  /** RDS engine ("postgres", "mysql"), which its price depends on. */
  engine?: string;
}

export interface LaunchChange {
  /** `${eventId}/${resource.id}`: one event may change several resources (RunInstances of 8). */
  changeId: string;
  eventId: string;
  /** CloudTrail eventName, or `state:<state>` for a state-change notification. */
  eventName: string;
  action: LaunchAction;
  resource: LaunchResource;
  /** Instances or DB instances: 1; an Auto Scaling group: its desired capacity. */
  count: number;
  region: string;
  accountId: string;
  /** CloudTrail userIdentity.arn; state-change notifications do not say. */
  who?: string;
  /** The event time, ISO 8601 UTC. */
  at: string;
  atMs: number;
}

const STATE_ACTIONS: Record<string, LaunchAction> = {
  pending: 'start',
  running: 'start',
  stopping: 'stop',
  stopped: 'stop',
  'shutting-down': 'stop',
  terminated: 'stop',
};

type Detail = Record<string, unknown>;

function path(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) current = isRecord(current) ? current[key] : undefined;
  return current;
}

/** A field of the call as text; none when empty, or longer than any AWS id or ARN the ledger keeps. */
const text = (value: unknown) =>
  typeof value === 'string' && value !== '' && value.length <= MAX_ENVELOPE_FIELD_LENGTH ? value : undefined;

function items(value: unknown): Detail[] {
  const list = path(value, 'items');
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

interface Mapped {
  action: LaunchAction;
  resource: LaunchResource;
  count?: number;
}

function instancesIn(detail: Detail, action: LaunchAction): Mapped[] {
  const fromResponse = items(path(detail, 'responseElements', 'instancesSet'));
  const listed =
    fromResponse.length > 0 ? fromResponse : items(path(detail, 'requestParameters', 'instancesSet'));
  const requestedType = text(path(detail, 'requestParameters', 'instanceType'));
  return listed.flatMap((item) => {
    const id = text(item.instanceId);
    if (!id) return [];
    const type = action === 'start' ? (text(item.instanceType) ?? requestedType) : undefined;
    return [{ action, resource: { kind: 'ec2-instance' as const, id, type } }];
  });
}

function rdsInstance(detail: Detail, action: LaunchAction): Mapped[] {
  const request = path(detail, 'requestParameters');
  const id = text(path(request, 'dBInstanceIdentifier'));
  if (!id) return [];
  const type =
    text(path(request, 'dBInstanceClass')) ?? text(path(detail, 'responseElements', 'dBInstanceClass'));
  if (action === 'resize' && !type) return [];
  const multiAz = path(request, 'multiAZ');
  const resource: LaunchResource = {
    kind: 'rds-instance',
    id,
    type,
    multiAz: typeof multiAz === 'boolean' ? multiAz : undefined,
    engine: text(path(request, 'engine')) ?? text(path(detail, 'responseElements', 'engine')),
  };
  return [{ action, resource }];
}

function autoScalingGroup(detail: Detail, action: LaunchAction): Mapped[] {
  const request = path(detail, 'requestParameters');
  const id = text(path(request, 'autoScalingGroupName'));
  const desired =
    path(request, 'desiredCapacity') ?? (action === 'start' ? path(request, 'minSize') : undefined);
  if (!id || typeof desired !== 'number') return [];
  return [{ action, resource: { kind: 'auto-scaling-group', id }, count: desired }];
}

function natGateway(detail: Detail, action: LaunchAction): Mapped[] {
  const id =
    action === 'start'
      ? (text(path(detail, 'responseElements', 'CreateNatGatewayResponse', 'natGateway', 'natGatewayId')) ??
        text(path(detail, 'responseElements', 'natGateway', 'natGatewayId')))
      : (text(path(detail, 'requestParameters', 'DeleteNatGatewayRequest', 'NatGatewayId')) ??
        text(path(detail, 'requestParameters', 'natGatewayId')));
  return id ? [{ action, resource: { kind: 'nat-gateway', id } }] : [];
}

const CLOUDTRAIL_CALLS: Record<string, (detail: Detail) => Mapped[]> = {
  RunInstances: (detail) => instancesIn(detail, 'start'),
  StartInstances: (detail) => instancesIn(detail, 'start'),
  StopInstances: (detail) => instancesIn(detail, 'stop'),
  TerminateInstances: (detail) => instancesIn(detail, 'stop'),
  ModifyInstanceAttribute: (detail) => {
    const id = text(path(detail, 'requestParameters', 'instanceId'));
    const type = text(path(detail, 'requestParameters', 'instanceType', 'value'));
    return id && type ? [{ action: 'resize', resource: { kind: 'ec2-instance', id, type } }] : [];
  },
  CreateNatGateway: (detail) => natGateway(detail, 'start'),
  DeleteNatGateway: (detail) => natGateway(detail, 'stop'),
  CreateDBInstance: (detail) => rdsInstance(detail, 'start'),
  ModifyDBInstance: (detail) => rdsInstance(detail, 'resize'),
  DeleteDBInstance: (detail) => rdsInstance(detail, 'stop'),
  CreateAutoScalingGroup: (detail) => autoScalingGroup(detail, 'start'),
  UpdateAutoScalingGroup: (detail) => autoScalingGroup(detail, 'resize'),
};

/** The CloudTrail calls the template's rule forwards, with the deletes that end their rows. */
export const LAUNCH_EVENT_NAMES = Object.keys(CLOUDTRAIL_CALLS);

function mappedChanges(
  envelope: EventBridgeEnvelope,
): Parsed<{ mapped: Mapped[]; name: string; who?: string }> {
  const { detail } = envelope;
  if (envelope.detailType === 'EC2 Instance State-change Notification' && envelope.source === 'aws.ec2') {
    const id = text(detail['instance-id']);
    const state = text(detail.state) ?? '';
    const action = STATE_ACTIONS[state];
    if (!id || !action)
      return reject('missing-field', 'The state-change notification has no instance id or known state.');
    return {
      ok: true,
      value: { mapped: [{ action, resource: { kind: 'ec2-instance', id } }], name: `state:${state}` },
    };
  }
  if (envelope.detailType !== 'AWS API Call via CloudTrail') {
    return reject(
      'unsupported-event',
      `"${envelope.detailType}" from ${envelope.source} is not a launch event.`,
    );
  }
  const name = text(detail.eventName) ?? '';
  const read = CLOUDTRAIL_CALLS[name];
  if (!read)
    return reject('unsupported-event', `The CloudTrail call ${name || '(unnamed)'} is not a launch event.`);
  // Any error code, however long, means the call failed.
  const errorCode =
    typeof detail.errorCode === 'string' && detail.errorCode !== '' ? detail.errorCode : undefined;
  if (errorCode) return reject('failed-call', `${name} failed (${errorCode}): nothing was launched.`);
  return { ok: true, value: { mapped: read(detail), name, who: text(path(detail, 'userIdentity', 'arn')) } };
}

/** The ledger changes one envelope makes; an empty list for a call that changed nothing priced. */
export function launchChangesFrom(envelope: EventBridgeEnvelope): Parsed<LaunchChange[]> {
  const mapped = mappedChanges(envelope);
  if (!mapped.ok) return mapped;
  const { name, who } = mapped.value;
  return {
    ok: true,
    value: mapped.value.mapped.map((change) => ({
      changeId: `${envelope.id}/${change.resource.id}`,
      eventId: envelope.id,
      eventName: name,
      action: change.action,
      resource: change.resource,
      count: change.count ?? 1,
      region: envelope.region,
      accountId: envelope.account,
      who,
      at: envelope.time,
      atMs: envelope.timeMs,
    })),
  };
}

/** Envelope and changes in one step, for the poller: the raw SQS body in, changes or a rejection out. */
export function readLaunchEvent(
  body: unknown,
  expectations: EnvelopeExpectations = {},
): Parsed<{ envelope: EventBridgeEnvelope; changes: LaunchChange[] }> {
  const envelope = parseEventBridgeEnvelope(body, expectations);
  if (!envelope.ok) return envelope;
  const changes = launchChangesFrom(envelope.value);
  if (!changes.ok) return changes;
  return { ok: true, value: { envelope: envelope.value, changes: changes.value } };
}
