import { randomUUID } from 'node:crypto';
import type { FleetInstance } from './fleet.ts';

/**
 * EventBridge envelopes as AWS puts them on a bus: EC2 state-change notifications (no trail
 * needed) and "AWS API Call via CloudTrail" events (only where a trail logs management events),
 * with the detail fields of real CloudTrail records: userIdentity, requestParameters,
 * responseElements, recipientAccountId.
 */
export interface EventBridgeEnvelope {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: Record<string, unknown>;
}

/** CloudTrail and EventBridge write times to the second. */
export function eventTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export type InstanceStateName =
  | 'pending'
  | 'running'
  | 'stopping'
  | 'stopped'
  | 'shutting-down'
  | 'terminated';

export function stateChangeEnvelope(
  instance: Pick<FleetInstance, 'instanceId' | 'accountId' | 'region'>,
  state: InstanceStateName,
  atMs: number,
): EventBridgeEnvelope {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'EC2 Instance State-change Notification',
    source: 'aws.ec2',
    account: instance.accountId,
    time: eventTime(atMs),
    region: instance.region,
    resources: [`arn:aws:ec2:${instance.region}:${instance.accountId}:instance/${instance.instanceId}`],
    detail: { 'instance-id': instance.instanceId, state },
  };
}

export interface ApiCaller {
  accountId: string;
  region: string;
  /** An IAM user of the account ("maya.chen"). */
  userName: string;
  /** An assumed role's session ARN, when the caller is one (Spendguard's action role). */
  assumedRoleArn?: string;
}

const EVENT_SOURCES: Record<string, string> = {
  'aws.ec2': 'ec2.amazonaws.com',
  'aws.rds': 'rds.amazonaws.com',
  'aws.autoscaling': 'autoscaling.amazonaws.com',
};

export function cloudTrailEnvelope(
  caller: ApiCaller,
  call: {
    source: keyof typeof EVENT_SOURCES;
    eventName: string;
    requestParameters: object;
    responseElements: object | null;
  },
  atMs: number,
): EventBridgeEnvelope {
  const time = eventTime(atMs);
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'AWS API Call via CloudTrail',
    source: call.source,
    account: caller.accountId,
    time,
    region: caller.region,
    resources: [],
    detail: {
      eventVersion: '1.09',
      userIdentity: {
        type: caller.assumedRoleArn ? 'AssumedRole' : 'IAMUser',
        principalId: `AIDA${caller.userName.replace(/\W/g, '').toUpperCase().padEnd(17, 'X').slice(0, 17)}`,
        arn: caller.assumedRoleArn ?? `arn:aws:iam::${caller.accountId}:user/${caller.userName}`,
        accountId: caller.accountId,
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        userName: caller.userName,
      },
      eventTime: time,
      eventSource: EVENT_SOURCES[call.source],
      eventName: call.eventName,
      awsRegion: caller.region,
      sourceIPAddress: '198.51.100.23',
      userAgent: 'aws-cli/2.22.0 md/awscrt#0.23.4 ua/2.1 os/linux#6.8.0 md/arch#x86_64 lang/python#3.12.6',
      requestParameters: call.requestParameters,
      responseElements: call.responseElements,
      requestID: randomUUID(),
      eventID: randomUUID(),
      readOnly: false,
      eventType: 'AwsApiCall',
      managementEvent: true,
      recipientAccountId: caller.accountId,
      eventCategory: 'Management',
      tlsDetails: {
        tlsVersion: 'TLSv1.3',
        cipherSuite: 'TLS_AES_128_GCM_SHA256',
        clientProvidedHostHeader: `ec2.${caller.region}.amazonaws.com`,
      },
    },
  };
}

/** RunInstances as CloudTrail records it: the request's minCount/maxCount, the launched instances. */
export function runInstancesEnvelope(
  caller: ApiCaller,
  instances: FleetInstance[],
  atMs: number,
): EventBridgeEnvelope {
  const [first] = instances;
  const tags = (instance: FleetInstance) => ({
    items: Object.entries({ Name: instance.name, ...instance.tags }).map(([key, value]) => ({ key, value })),
  });
  return cloudTrailEnvelope(
    caller,
    {
      source: 'aws.ec2',
      eventName: 'RunInstances',
      requestParameters: {
        instancesSet: {
          items: [{ imageId: first?.imageId, minCount: instances.length, maxCount: instances.length }],
        },
        instanceType: first?.instanceType,
        blockDeviceMapping: {},
        monitoring: { enabled: false },
        disableApiTermination: false,
        disableApiStop: false,
        tagSpecificationSet: { items: [{ resourceType: 'instance', tags: first ? tags(first).items : [] }] },
      },
      responseElements: {
        requestId: randomUUID(),
        reservationId: `r-0${first?.instanceId.slice(3, 19) ?? ''}`,
        ownerId: caller.accountId,
        groupSet: {},
        instancesSet: {
          items: instances.map((instance, index) => ({
            instanceId: instance.instanceId,
            imageId: instance.imageId,
            instanceState: { code: 0, name: 'pending' },
            amiLaunchIndex: index,
            instanceType: instance.instanceType,
            launchTime: instance.launchTime,
            placement: { availabilityZone: instance.availabilityZone, tenancy: 'default' },
            monitoring: { state: 'disabled' },
            subnetId: instance.subnetId,
            vpcId: instance.vpcId,
            privateIpAddress: instance.privateIpAddress,
            stateReason: { code: 'pending', message: 'pending' },
            architecture: 'x86_64',
            rootDeviceType: 'ebs',
            rootDeviceName: '/dev/xvda',
            virtualizationType: 'hvm',
            hypervisor: 'xen',
            tagSet: tags(instance),
            ebsOptimized: true,
            enaSupport: true,
          })),
        },
      },
    },
    atMs,
  );
}

/** StartInstances, StopInstances, TerminateInstances: the ids in, their state transitions out. */
export function instancesCallEnvelope(
  caller: ApiCaller,
  eventName: 'StartInstances' | 'StopInstances' | 'TerminateInstances',
  instanceIds: string[],
  transition: { from: [number, string]; to: [number, string] },
  atMs: number,
): EventBridgeEnvelope {
  return cloudTrailEnvelope(
    caller,
    {
      source: 'aws.ec2',
      eventName,
      requestParameters: { instancesSet: { items: instanceIds.map((instanceId) => ({ instanceId })) } },
      responseElements: {
        requestId: randomUUID(),
        instancesSet: {
          items: instanceIds.map((instanceId) => ({
            instanceId,
            previousState: { code: transition.from[0], name: transition.from[1] },
            currentState: { code: transition.to[0], name: transition.to[1] },
          })),
        },
      },
    },
    atMs,
  );
}
