import type { QueueStore } from '../services/sqs-queues.ts';
import { ACCOUNTS, type AccountKey, type CompanyRegion, LAUNCH_EVENTS } from './company-profile.ts';
import type { FleetInstance } from './fleet.ts';
import {
  type ApiCaller,
  type EventBridgeEnvelope,
  instancesCallEnvelope,
  runInstancesEnvelope,
  stateChangeEnvelope,
} from './launch-event-envelopes.ts';
import { type ResourceChange, resourceChangeEnvelope } from './resource-change-envelopes.ts';
import { hexFor } from './seeded-random.ts';

export interface GpuBurstRequest {
  accountId: string;
  /** One of the company's regions; only us-east-1 has a launch-events queue. Default us-east-1. */
  region?: CompanyRegion;
  /** Default 8. */
  count?: number;
  /** Default p4d.24xlarge (8 NVIDIA A100). */
  instanceType?: string;
  /** The IAM user who launches them; default "maya.chen". */
  userName?: string;
}

export interface FleetChangeResult {
  instanceIds: string[];
  /** What EventBridge put on the bus, in delivery order. */
  events: EventBridgeEnvelope[];
  /** False when no launch-events queue exists in that account and region (no rule there). */
  delivered: boolean;
}

/** Auto Scaling launches a group's instances under its service-linked role, as CloudTrail records. */
function autoScalingCaller(caller: ApiCaller): ApiCaller {
  return {
    accountId: caller.accountId,
    region: caller.region,
    userName: 'AutoScaling',
    assumedRoleArn: `arn:aws:sts::${caller.accountId}:assumed-role/AWSServiceRoleForAutoScaling/AutoScaling`,
  };
}

function accountKeyOf(accountId: string): AccountKey {
  const entry = Object.entries(ACCOUNTS).find(([, account]) => account.id === accountId);
  if (!entry) throw new Error(`The simulated company has no account ${accountId}.`);
  return entry[0] as AccountKey;
}

/**
 * Changes to the simulated fleet made after the start (a GPU burst, a resize), and the EventBridge
 * events they send to each account's launch-events queue. Launched instances show in EC2
 * DescribeInstances; they are not in the billing data (that lags, which is the point).
 */
export class FleetActivity {
  readonly launched: FleetInstance[] = [];
  private readonly accountsWithoutTrail = new Set<string>();
  private launches = 0;

  constructor(
    private readonly queues: QueueStore,
    private readonly now: () => Date,
  ) {}

  /** CloudTrail API-call events reach EventBridge only where a trail logs management events. */
  setTrail(accountId: string, enabled: boolean): void {
    if (enabled) this.accountsWithoutTrail.delete(accountId);
    else this.accountsWithoutTrail.add(accountId);
  }

  launchGpuBurst(request: GpuBurstRequest): FleetChangeResult {
    const caller = {
      accountId: request.accountId,
      region: request.region ?? 'us-east-1',
      userName: request.userName ?? 'maya.chen',
    };
    const account = accountKeyOf(caller.accountId);
    const count = request.count ?? 8;
    if (!Number.isInteger(count) || count < 1 || count > 100)
      throw new Error('A burst launches 1 to 100 instances.');
    const nowMs = this.now().getTime();
    this.launches += 1;
    const instances = Array.from({ length: count }, (_, index) =>
      this.newInstance(caller, account, request.instanceType ?? 'p4d.24xlarge', index, nowMs),
    );
    this.launched.push(...instances);
    const events = [
      ...instances.map((instance) => stateChangeEnvelope(instance, 'pending', nowMs)),
      ...instances.map((instance) => stateChangeEnvelope(instance, 'running', nowMs)),
      runInstancesEnvelope(caller, instances, nowMs),
    ];
    return this.deliver(caller, instances, events);
  }

  /** Stops (keeps, shown as stopped) or terminates (removes) instances this activity launched. */
  endInstances(caller: ApiCaller, instanceIds: string[], how: 'stop' | 'terminate'): FleetChangeResult {
    const nowMs = this.now().getTime();
    const instances = instanceIds.map((id) => {
      const instance = this.launched.find((candidate) => candidate.instanceId === id);
      if (!instance || instance.accountId !== caller.accountId)
        throw new Error(`No launched instance ${id} in ${caller.accountId}.`);
      return instance;
    });
    for (const instance of instances) {
      instance.stoppedAt = nowMs;
      if (how === 'terminate') this.launched.splice(this.launched.indexOf(instance), 1);
    }
    const [middle, last]: [string, string] =
      how === 'stop' ? ['stopping', 'stopped'] : ['shutting-down', 'terminated'];
    const events = [
      ...instances.map((instance) => stateChangeEnvelope(instance, middle as 'stopping', nowMs)),
      ...instances.map((instance) => stateChangeEnvelope(instance, last as 'stopped', nowMs)),
      instancesCallEnvelope(
        caller,
        how === 'stop' ? 'StopInstances' : 'TerminateInstances',
        instanceIds,
        { from: [16, 'running'], to: how === 'stop' ? [64, 'stopping'] : [32, 'shutting-down'] },
        nowMs,
      ),
    ];
    return this.deliver(caller, instances, events);
  }

  /**
   * An EC2 API call changed instances' state (StopInstances, StartInstances through the SDK): the
   * state changes and the CloudTrail call reach the launch-events queue as a console click would.
   * Stopped instances stop billing from now (`stoppedAt`); a start bills them again.
   */
  changeStateByApi(caller: ApiCaller, instances: FleetInstance[], to: 'stopped' | 'running'): void {
    if (instances.length === 0) return;
    const nowMs = this.now().getTime();
    for (const instance of instances) instance.stoppedAt = to === 'stopped' ? nowMs : undefined;
    const [middle, last, eventName, from, toState]: [
      'stopping' | 'pending',
      'stopped' | 'running',
      'StopInstances' | 'StartInstances',
      [number, string],
      [number, string],
    ] =
      to === 'stopped'
        ? ['stopping', 'stopped', 'StopInstances', [16, 'running'], [64, 'stopping']]
        : ['pending', 'running', 'StartInstances', [80, 'stopped'], [0, 'pending']];
    const ids = instances.map((instance) => instance.instanceId);
    this.deliver(caller, instances, [
      ...instances.map((instance) => stateChangeEnvelope(instance, middle, nowMs)),
      ...instances.map((instance) => stateChangeEnvelope(instance, last, nowMs)),
      instancesCallEnvelope(caller, eventName, ids, { from, to: toState }, nowMs),
    ]);
  }

  /**
   * An Auto Scaling group's desired capacity changed through UpdateAutoScalingGroup: the group terminates
   * its newest running instances above the new capacity (they bill nothing from now) or launches new
   * ones like its others up to it, as AWS's default termination policy and launches would. The
   * instances' state changes and the CloudTrail call reach the launch-events queue.
   */
  scaleGroup(
    caller: ApiCaller,
    group: { name: string; desiredCapacity: number },
    members: FleetInstance[],
  ): FleetChangeResult {
    const nowMs = this.now().getTime();
    const running = members
      .filter((instance) => instance.stoppedAt === undefined && !instance.terminated)
      .sort((a, b) => b.launchTime - a.launchTime);
    const ending = running.slice(0, Math.max(0, running.length - group.desiredCapacity));
    for (const instance of ending) {
      instance.stoppedAt = nowMs;
      instance.terminated = true;
    }
    const model = members[0];
    const starting =
      model && running.length < group.desiredCapacity
        ? Array.from({ length: group.desiredCapacity - running.length }, (_, index) =>
            this.groupInstance(model, index, nowMs),
          )
        : [];
    this.launched.push(...starting);
    const update = resourceChangeEnvelope(
      caller,
      {
        kind: 'update-auto-scaling-group',
        autoScalingGroupName: group.name,
        desiredCapacity: group.desiredCapacity,
      },
      nowMs,
    );
    return this.deliver(
      caller,
      [...ending, ...starting],
      [
        ...ending.map((instance) => stateChangeEnvelope(instance, 'shutting-down', nowMs)),
        ...ending.map((instance) => stateChangeEnvelope(instance, 'terminated', nowMs)),
        ...starting.map((instance) => stateChangeEnvelope(instance, 'pending', nowMs)),
        ...starting.map((instance) => stateChangeEnvelope(instance, 'running', nowMs)),
        ...(starting.length > 0 ? [runInstancesEnvelope(autoScalingCaller(caller), starting, nowMs)] : []),
        update,
      ],
    );
  }

  /** A resize, a NAT gateway, a database or an Auto Scaling group: the CloudTrail event only. */
  changeResource(caller: ApiCaller, change: ResourceChange): FleetChangeResult {
    return this.deliver(caller, [], [resourceChangeEnvelope(caller, change, this.now().getTime())]);
  }

  private deliver(
    caller: ApiCaller,
    instances: FleetInstance[],
    events: EventBridgeEnvelope[],
  ): FleetChangeResult {
    const queue = this.queues.find(caller.region, caller.accountId, LAUNCH_EVENTS.queueName);
    const trailed = !this.accountsWithoutTrail.has(caller.accountId);
    const sent = events.filter((event) => trailed || event['detail-type'] !== 'AWS API Call via CloudTrail');
    const nowMs = this.now().getTime();
    for (const event of queue ? sent : []) queue?.send(JSON.stringify(event), nowMs);
    return {
      instanceIds: instances.map((instance) => instance.instanceId),
      events: sent,
      delivered: queue !== undefined,
    };
  }

  /** A new instance an Auto Scaling group launches: its launch template's type and tags, a new id. */
  private groupInstance(model: FleetInstance, index: number, nowMs: number): FleetInstance {
    this.launches += 1;
    const key = `${model.accountId}/${model.region}/${model.autoScalingGroup}-${this.launches}-${index}@${nowMs}`;
    return {
      ...model,
      name: `${model.autoScalingGroup}-${this.launches}-${index + 1}`,
      note: `launched by the ${model.autoScalingGroup} Auto Scaling group after its capacity was raised`,
      launchedDaysBeforeAnchor: 0,
      stoppedDaysBeforeAnchor: undefined,
      instanceId: `i-0${hexFor(`instance:${key}`, 16)}`,
      volumeId: `vol-0${hexFor(`volume:${key}`, 16)}`,
      launchTime: nowMs,
      stoppedAt: undefined,
      terminated: undefined,
      transitionalState: undefined,
      extraTags: undefined,
    };
  }

  private newInstance(
    caller: ApiCaller,
    account: AccountKey,
    instanceType: string,
    index: number,
    nowMs: number,
  ): FleetInstance {
    const key = `${caller.accountId}/${caller.region}/burst-${this.launches}-${index}@${nowMs}`;
    const network = `${caller.accountId}/${caller.region}`;
    return {
      name: `gpu-burst-${this.launches}-${index + 1}`,
      account,
      region: caller.region as CompanyRegion,
      instanceType,
      plant: 'gpu',
      note: `launched by ${caller.userName} through the simulator's GPU burst`,
      launchedDaysBeforeAnchor: 0,
      team: 'data',
      project: 'llm-finetune',
      volumeGb: 500,
      cpuAverage: 60,
      cpuPeak: 95,
      networkBytesPerHour: 5e9,
      instanceId: `i-0${hexFor(`instance:${key}`, 16)}`,
      accountId: caller.accountId,
      availabilityZone: `${caller.region}a`,
      imageId: `ami-0${hexFor(`image:${caller.region}:dlami`, 16)}`,
      volumeId: `vol-0${hexFor(`volume:${key}`, 16)}`,
      vpcId: `vpc-0${hexFor(`vpc:${network}`, 16)}`,
      subnetId: `subnet-0${hexFor(`subnet:${network}:0`, 16)}`,
      privateIpAddress: `10.9.${this.launches % 250}.${10 + index}`,
      launchTime: nowMs,
      tags: { team: 'data', project: 'llm-finetune', env: 'production' },
    };
  }
}
