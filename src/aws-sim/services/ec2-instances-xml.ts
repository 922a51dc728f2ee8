import { pricedInstanceType } from '../../catalog/ec2-instance-catalog.ts';
import type { FleetInstance } from '../company/fleet.ts';
import { items, type XmlElements } from '../protocol/xml.ts';

function gmt(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} GMT`;
}

function tagSet(instance: FleetInstance): XmlElements {
  const tags: Array<[string, string | undefined]> = [
    ['Name', instance.name],
    ['team', instance.tags.team],
    ['env', instance.tags.env],
    ['project', instance.tags.project],
    ['aws:autoscaling:groupName', instance.autoScalingGroup],
    ...Object.entries(instance.extraTags ?? {}),
  ];
  return items(tags.filter(([, value]) => value !== undefined).map(([key, value]) => ({ key, value })));
}

export function instanceTags(instance: FleetInstance): Record<string, string> {
  const set = tagSet(instance).item as Array<{ key: string; value: string }>;
  return Object.fromEntries(set.map((tag) => [tag.key, tag.value]));
}

export type SimInstanceStateName = 'pending' | 'running' | 'stopping' | 'stopped' | 'terminated';

/** EC2's state codes: 0 pending, 16 running, 48 terminated, 64 stopping, 80 stopped. */
export const STATE_CODES: Record<SimInstanceStateName, number> = {
  pending: 0,
  running: 16,
  terminated: 48,
  stopping: 64,
  stopped: 80,
};

function stateName(instance: FleetInstance): SimInstanceStateName {
  if (instance.terminated) return 'terminated';
  return instance.transitionalState ?? (instance.stoppedAt === undefined ? 'running' : 'stopped');
}

export function instanceState(instance: FleetInstance): { code: number; name: SimInstanceStateName } {
  const name = stateName(instance);
  return { code: STATE_CODES[name], name };
}

function stateReason(instance: FleetInstance, name: SimInstanceStateName): string {
  if (name === 'terminated') return `Service initiated (${gmt(instance.stoppedAt ?? 0)})`;
  return name === 'stopped' ? `User initiated (${gmt(instance.stoppedAt ?? 0)})` : '';
}

/** One <item> of <instancesSet>, with the members the EC2 query protocol names in lower camel case. */
export function instanceXml(instance: FleetInstance): XmlElements {
  const facts = pricedInstanceType(instance.instanceType);
  const state = instanceState(instance);
  const privateDns = `ip-${instance.privateIpAddress.replaceAll('.', '-')}.${instance.region === 'us-east-1' ? 'ec2.internal' : `${instance.region}.compute.internal`}`;
  return {
    instanceId: instance.instanceId,
    imageId: instance.imageId,
    instanceState: state,
    privateDnsName: privateDns,
    dnsName: '',
    reason: stateReason(instance, state.name),
    amiLaunchIndex: 0,
    productCodes: '',
    instanceType: instance.instanceType,
    launchTime: new Date(instance.launchTime),
    placement: { availabilityZone: instance.availabilityZone, groupName: '', tenancy: 'default' },
    monitoring: { state: 'disabled' },
    subnetId: instance.subnetId,
    vpcId: instance.vpcId,
    privateIpAddress: instance.privateIpAddress,
    stateReason:
      state.name === 'stopped'
        ? {
            code: 'Client.UserInitiatedShutdown',
            message: 'Client.UserInitiatedShutdown: User initiated shutdown',
          }
        : undefined,
    architecture: facts.architecture,
    rootDeviceType: 'ebs',
    rootDeviceName: '/dev/xvda',
    blockDeviceMapping: items([
      {
        deviceName: '/dev/xvda',
        ebs: {
          volumeId: instance.volumeId,
          status: 'attached',
          attachTime: new Date(instance.launchTime),
          deleteOnTermination: true,
        },
      },
    ]),
    virtualizationType: 'hvm',
    tagSet: tagSet(instance),
    hypervisor: 'xen',
    groupSet: items([{ groupId: `sg-0${instance.vpcId.slice(5, 21)}`, groupName: 'default' }]),
    ebsOptimized: true,
    enaSupport: true,
    cpuOptions: { coreCount: Math.max(1, facts.vcpu / 2), threadsPerCore: facts.vcpu > 1 ? 2 : 1 },
    platformDetails: 'Linux/UNIX',
    usageOperation: 'RunInstances',
    bootMode: facts.architecture === 'arm64' ? 'uefi' : 'legacy-bios',
    currentInstanceBootMode: facts.architecture === 'arm64' ? 'uefi' : 'legacy-bios',
  };
}
