import { randomUUID } from 'node:crypto';
import { type ApiCaller, cloudTrailEnvelope, type EventBridgeEnvelope } from './launch-event-envelopes.ts';
import { hexFor } from './seeded-random.ts';

/** The other fleet changes the template's rule forwards, each as its CloudTrail record looks. */
export type ResourceChange =
  | { kind: 'resize-instance'; instanceId: string; instanceType: string }
  | { kind: 'create-nat-gateway'; subnetId?: string }
  | {
      kind: 'create-db-instance';
      dbInstanceIdentifier: string;
      dbInstanceClass: string;
      engine?: string;
      multiAz?: boolean;
    }
  | { kind: 'modify-db-instance'; dbInstanceIdentifier: string; dbInstanceClass: string }
  | {
      kind: 'create-auto-scaling-group';
      autoScalingGroupName: string;
      desiredCapacity: number;
      launchTemplateName?: string;
    }
  | { kind: 'update-auto-scaling-group'; autoScalingGroupName: string; desiredCapacity: number };

function rdsArn(caller: ApiCaller, id: string) {
  return `arn:aws:rds:${caller.region}:${caller.accountId}:db:${id}`;
}

export function resourceChangeEnvelope(
  caller: ApiCaller,
  change: ResourceChange,
  atMs: number,
): EventBridgeEnvelope {
  switch (change.kind) {
    case 'resize-instance':
      return cloudTrailEnvelope(
        caller,
        {
          source: 'aws.ec2',
          eventName: 'ModifyInstanceAttribute',
          requestParameters: { instanceId: change.instanceId, instanceType: { value: change.instanceType } },
          responseElements: { requestId: randomUUID(), _return: true },
        },
        atMs,
      );
    case 'create-nat-gateway': {
      const natGatewayId = `nat-0${hexFor(`nat:${caller.accountId}:${atMs}`, 16)}`;
      const subnetId =
        change.subnetId ?? `subnet-0${hexFor(`subnet:${caller.accountId}/${caller.region}:0`, 16)}`;
      return cloudTrailEnvelope(
        caller,
        {
          source: 'aws.ec2',
          eventName: 'CreateNatGateway',
          requestParameters: { CreateNatGatewayRequest: { SubnetId: subnetId, ConnectivityType: 'public' } },
          responseElements: {
            CreateNatGatewayResponse: {
              requestId: randomUUID(),
              natGateway: {
                natGatewayId,
                subnetId,
                state: 'pending',
                connectivityType: 'public',
                createTime: new Date(atMs).toISOString(),
              },
            },
          },
        },
        atMs,
      );
    }
    case 'create-db-instance':
    case 'modify-db-instance': {
      const creating = change.kind === 'create-db-instance';
      return cloudTrailEnvelope(
        caller,
        {
          source: 'aws.rds',
          eventName: creating ? 'CreateDBInstance' : 'ModifyDBInstance',
          requestParameters: creating
            ? {
                dBInstanceIdentifier: change.dbInstanceIdentifier,
                dBInstanceClass: change.dbInstanceClass,
                engine: change.engine ?? 'postgres',
                multiAZ: change.multiAz ?? false,
                allocatedStorage: 100,
                masterUsername: 'app',
                masterUserPassword: 'HIDDEN_DUE_TO_SECURITY_REASONS',
              }
            : {
                dBInstanceIdentifier: change.dbInstanceIdentifier,
                dBInstanceClass: change.dbInstanceClass,
                applyImmediately: true,
              },
          responseElements: {
            dBInstanceIdentifier: change.dbInstanceIdentifier,
            dBInstanceClass: change.dbInstanceClass,
            dBInstanceArn: rdsArn(caller, change.dbInstanceIdentifier),
            dBInstanceStatus: creating ? 'creating' : 'modifying',
          },
        },
        atMs,
      );
    }
    case 'create-auto-scaling-group':
    case 'update-auto-scaling-group':
      return cloudTrailEnvelope(
        caller,
        {
          source: 'aws.autoscaling',
          eventName:
            change.kind === 'create-auto-scaling-group' ? 'CreateAutoScalingGroup' : 'UpdateAutoScalingGroup',
          requestParameters: {
            autoScalingGroupName: change.autoScalingGroupName,
            desiredCapacity: change.desiredCapacity,
            ...(change.kind === 'create-auto-scaling-group'
              ? {
                  minSize: 0,
                  maxSize: Math.max(change.desiredCapacity, 1) * 2,
                  launchTemplate: {
                    launchTemplateName: change.launchTemplateName ?? `${change.autoScalingGroupName}-lt`,
                    version: '$Latest',
                  },
                }
              : {}),
          },
          responseElements: null,
        },
        atMs,
      );
  }
}
