import { ACCOUNTS, type AccountKey, type CompanyRegion } from './company-profile.ts';
import type { FleetInstance } from './fleet.ts';
import type { ResourceTags } from './line-item.ts';
import { hexFor } from './seeded-random.ts';
import { DAY_MS } from './timeline.ts';

/**
 * Storage and addresses left behind, as every company has them: volumes of terminated instances,
 * gp2 volumes nobody moved to gp3, snapshots of volumes long gone, daily snapshots kept too long and
 * Elastic IPs nobody released. Each is billed (`waste-line-items.ts`) and answers EC2's describe calls.
 */

export type VolumeType = 'gp2' | 'gp3' | 'io1' | 'st1' | 'sc1' | 'standard';

export interface SimVolume {
  volumeId: string;
  accountId: string;
  region: string;
  availabilityZone: string;
  sizeGb: number;
  volumeType: VolumeType;
  /** Provisioned IOPS and throughput (gp3, io1); gp2's follow its size. */
  iops?: number;
  throughputMiBs?: number;
  createTime: number;
  /** Attached to this instance; none for an available (unattached) volume. */
  attachedTo?: string;
  attachTime?: number;
  /** Gone (deleted) from this moment: billed until then, described never. */
  deletedAt?: number;
  name?: string;
  tags: ResourceTags;
  /** Billed by the company's bill (a generated volume of a load test is not). */
  billed: boolean;
}

export interface SimSnapshot {
  snapshotId: string;
  accountId: string;
  region: string;
  volumeId: string;
  volumeSizeGb: number;
  /** What the snapshot adds to storage (snapshots are incremental): what the bill charges. */
  storedGb: number;
  startTime: number;
  description: string;
  name?: string;
  tags: ResourceTags;
  billed: boolean;
}

export interface SimAddress {
  allocationId: string;
  publicIp: string;
  accountId: string;
  region: string;
  /** Associated with this instance; none for an idle address. */
  instanceId?: string;
  /** Associated through this network interface (the instance's, or a detached one's). */
  networkInterfaceId?: string;
  allocatedAt: number;
  name?: string;
  tags: ResourceTags;
  billed: boolean;
}

/** A network interface; one with a public IPv4 address is billed for it by the hour. */
export interface SimNetworkInterface {
  networkInterfaceId: string;
  accountId: string;
  region: string;
  subnetId: string;
  description: string;
  /** Attached to this instance; none: `available`, attached to nothing. */
  instanceId?: string;
  /** The Elastic IP associated with it, if any. */
  publicIp?: string;
  allocationId?: string;
  tags: ResourceTags;
}

export interface CompanyWaste {
  volumes: SimVolume[];
  snapshots: SimSnapshot[];
  addresses: SimAddress[];
  /** Interfaces besides the fleet's own (those come from the fleet): the ones holding a public IP. */
  networkInterfaces: SimNetworkInterface[];
}

interface VolumeSpec {
  key: string;
  account: AccountKey;
  region: CompanyRegion;
  sizeGb: number;
  volumeType: VolumeType;
  createdDaysBeforeAnchor: number;
  /** The fleet instance it is attached to; none: unattached. */
  attachedToName?: string;
  deletedDaysBeforeAnchor?: number;
  name: string;
  tags: ResourceTags;
}

const tags = (team: string, project: string, env = 'production'): ResourceTags => ({ team, project, env });

// biome-ignore format: one volume per line reads as an inventory
const VOLUME_SPECS: VolumeSpec[] = [
  { key: 'jenkins-old-data', account: 'prod', region: 'us-east-1', sizeGb: 500, volumeType: 'gp3', createdDaysBeforeAnchor: 800, name: 'jenkins-old-data', tags: tags('platform', 'internal-tools') },
  { key: 'etl-scratch', account: 'data', region: 'us-west-2', sizeGb: 1000, volumeType: 'gp2', createdDaysBeforeAnchor: 420, name: 'etl-scratch-2025', tags: tags('data', 'analytics') },
  { key: 'reporting-export', account: 'prod', region: 'eu-west-1', sizeGb: 100, volumeType: 'gp2', createdDaysBeforeAnchor: 200, name: 'reporting-export', tags: {} },
  { key: 'staging-db-restore', account: 'staging', region: 'us-east-1', sizeGb: 200, volumeType: 'gp3', createdDaysBeforeAnchor: 3, name: 'staging-db-restore', tags: tags('payments', 'checkout', 'staging') },
  { key: 'batch-legacy-scratch', account: 'prod', region: 'us-east-1', sizeGb: 2000, volumeType: 'gp2', createdDaysBeforeAnchor: 890, attachedToName: 'batch-legacy', name: 'batch-legacy-scratch', tags: tags('data', 'ledger') },
  { key: 'kafka-archive', account: 'data', region: 'us-west-2', sizeGb: 1500, volumeType: 'gp2', createdDaysBeforeAnchor: 550, attachedToName: 'kafka-broker-1', name: 'kafka-archive', tags: tags('data', 'analytics') },
  { key: 'legacy-mysql', account: 'prod', region: 'us-east-1', sizeGb: 300, volumeType: 'gp2', createdDaysBeforeAnchor: 900, deletedDaysBeforeAnchor: 305, name: 'legacy-mysql', tags: tags('payments', 'ledger') },
];

function placeVolume(spec: VolumeSpec, fleet: FleetInstance[], anchorDay: number): SimVolume {
  const account = ACCOUNTS[spec.account];
  const instance = fleet.find((candidate) => candidate.name === spec.attachedToName);
  const createTime = anchorDay - spec.createdDaysBeforeAnchor * DAY_MS + 10 * 3_600_000;
  return {
    volumeId: `vol-0${hexFor(`waste-volume:${account.id}/${spec.region}/${spec.key}`, 16)}`,
    accountId: account.id,
    region: spec.region,
    availabilityZone: instance?.availabilityZone ?? `${spec.region}a`,
    sizeGb: spec.sizeGb,
    volumeType: spec.volumeType,
    iops: spec.volumeType === 'gp3' ? 3000 : undefined,
    throughputMiBs: spec.volumeType === 'gp3' ? 125 : undefined,
    createTime,
    attachedTo: instance?.instanceId,
    attachTime: instance ? createTime + 60_000 : undefined,
    deletedAt:
      spec.deletedDaysBeforeAnchor === undefined
        ? undefined
        : anchorDay - spec.deletedDaysBeforeAnchor * DAY_MS,
    name: spec.name,
    tags: spec.tags,
    billed: true,
  };
}

/** The fleet's own root volumes: gp3, attached, billed by `fleet-line-items.ts`. */
export function fleetRootVolumes(fleet: FleetInstance[]): SimVolume[] {
  return fleet.map((instance) => ({
    volumeId: instance.volumeId,
    accountId: instance.accountId,
    region: instance.region,
    availabilityZone: instance.availabilityZone,
    sizeGb: instance.volumeGb,
    volumeType: 'gp3',
    iops: 3000,
    throughputMiBs: 125,
    createTime: instance.launchTime,
    attachedTo: instance.instanceId,
    attachTime: instance.launchTime,
    name: `${instance.name}-root`,
    tags: instance.tags,
    billed: false,
  }));
}

function snapshot(
  volume: { volumeId: string; accountId: string; region: string; sizeGb: number },
  index: number,
  startTime: number,
  storedGb: number,
  description: string,
  snapshotTags: ResourceTags,
): SimSnapshot {
  return {
    snapshotId: `snap-0${hexFor(`snapshot:${volume.volumeId}:${index}`, 16)}`,
    accountId: volume.accountId,
    region: volume.region,
    volumeId: volume.volumeId,
    volumeSizeGb: volume.sizeGb,
    storedGb,
    startTime,
    description,
    tags: snapshotTags,
    billed: true,
  };
}

function plantedSnapshots(volumes: SimVolume[], fleet: FleetInstance[], anchorDay: number): SimSnapshot[] {
  const snapshots: SimSnapshot[] = [];
  // Four monthly backups of a database volume deleted 305 days ago: their source is gone.
  const legacy = volumes.find((volume) => volume.name === 'legacy-mysql');
  if (legacy) {
    for (const [index, daysAgo] of [400, 370, 340, 310].entries()) {
      const at = anchorDay - daysAgo * DAY_MS + 2 * 3_600_000;
      snapshots.push(
        snapshot(legacy, index, at, index === 0 ? 180 : 12, 'legacy-mysql monthly backup', legacy.tags),
      );
    }
  }
  // Twelve daily snapshots of a Kafka broker's volume: a lifecycle policy would keep seven.
  const broker = fleet.find((instance) => instance.name === 'kafka-broker-1');
  if (broker) {
    const volume = { ...broker, sizeGb: broker.volumeGb };
    for (let daysAgo = 12; daysAgo >= 1; daysAgo -= 1) {
      const at = anchorDay - daysAgo * DAY_MS + 3 * 3_600_000;
      snapshots.push(
        snapshot(
          volume,
          daysAgo,
          at,
          daysAgo === 12 ? 640 : 25,
          `kafka-broker-1 daily ${daysAgo}`,
          broker.tags,
        ),
      );
    }
  }
  // One recent backup of the Jenkins data volume: its volume still exists, nothing to say.
  const jenkins = volumes.find((volume) => volume.name === 'jenkins-old-data');
  if (jenkins) {
    const at = anchorDay - 45 * DAY_MS;
    snapshots.push(snapshot(jenkins, 0, at, 320, 'jenkins-old-data before detach', jenkins.tags));
  }
  return snapshots;
}

/** `interface`: associated through a network interface, of the instance or (`detached`) of nothing. */
// biome-ignore format: one address per line
const ADDRESS_SPECS: Array<{ key: string; account: AccountKey; region: CompanyRegion; attachedToName?: string; interface?: 'instance' | 'detached'; allocatedDaysBeforeAnchor: number; name: string; tags: ResourceTags }> = [
  { key: 'web-prod-1', account: 'prod', region: 'us-east-1', attachedToName: 'web-prod-1', allocatedDaysBeforeAnchor: 600, name: 'web-prod-1-eip', tags: tags('web', 'storefront') },
  { key: 'legacy-vpn', account: 'prod', region: 'us-east-1', allocatedDaysBeforeAnchor: 700, name: 'legacy-vpn', tags: tags('platform', 'shared-network') },
  { key: 'data-bastion', account: 'data', region: 'us-west-2', allocatedDaysBeforeAnchor: 380, name: 'data-bastion-eip', tags: {} },
  { key: 'old-bastion', account: 'prod', region: 'us-east-1', attachedToName: 'old-bastion', interface: 'instance', allocatedDaysBeforeAnchor: 990, name: 'old-bastion-eip', tags: tags('platform', 'internal-tools') },
  { key: 'vpn-appliance', account: 'data', region: 'us-west-2', interface: 'detached', allocatedDaysBeforeAnchor: 240, name: 'vpn-appliance-eip', tags: tags('data', 'shared-network') },
];

const interfaceIdOf = (accountId: string, region: string, key: string) =>
  `eni-0${hexFor(`interface:${accountId}/${region}/${key}`, 16)}`;

function plantedAddresses(fleet: FleetInstance[], anchorDay: number): SimAddress[] {
  return ADDRESS_SPECS.map((spec, index) => {
    const account = ACCOUNTS[spec.account];
    return {
      allocationId: `eipalloc-0${hexFor(`address:${account.id}/${spec.region}/${spec.key}`, 16)}`,
      publicIp: `54.${80 + index}.${(index * 37) % 250}.${10 + index}`,
      accountId: account.id,
      region: spec.region,
      instanceId: fleet.find((instance) => instance.name === spec.attachedToName)?.instanceId,
      networkInterfaceId: spec.interface ? interfaceIdOf(account.id, spec.region, spec.key) : undefined,
      allocatedAt: anchorDay - spec.allocatedDaysBeforeAnchor * DAY_MS,
      name: spec.name,
      tags: spec.tags,
      billed: true,
    };
  });
}

/** The interfaces the addresses are associated through: a stopped instance's, and a detached one. */
function plantedInterfaces(addresses: SimAddress[], fleet: FleetInstance[]): SimNetworkInterface[] {
  return addresses.flatMap((address) => {
    if (!address.networkInterfaceId) return [];
    const instance = fleet.find((candidate) => candidate.instanceId === address.instanceId);
    const network = `${address.accountId}/${address.region}`;
    return [
      {
        networkInterfaceId: address.networkInterfaceId,
        accountId: address.accountId,
        region: address.region,
        subnetId: instance?.subnetId ?? `subnet-0${hexFor(`subnet:${network}:public`, 16)}`,
        description: instance ? `Primary network interface of ${instance.name}` : `${address.name} appliance`,
        instanceId: instance?.instanceId,
        publicIp: address.publicIp,
        allocationId: address.allocationId,
        tags: { Name: address.name ?? address.allocationId, ...address.tags },
      },
    ];
  });
}

export function buildCompanyWaste(fleet: FleetInstance[], anchorDay: number): CompanyWaste {
  const volumes = VOLUME_SPECS.map((spec) => placeVolume(spec, fleet, anchorDay));
  const addresses = plantedAddresses(fleet, anchorDay);
  return {
    volumes,
    snapshots: plantedSnapshots(volumes, fleet, anchorDay),
    addresses,
    networkInterfaces: plantedInterfaces(addresses, fleet),
  };
}

/** What the planted waste is, so tests and the demo know what the finders should say. */
export const PLANTED_WASTE = {
  unattachedVolumes: ['jenkins-old-data', 'etl-scratch-2025', 'reporting-export'],
  recentlyDetachedVolume: 'staging-db-restore',
  gp2Volumes: ['etl-scratch-2025', 'reporting-export', 'batch-legacy-scratch', 'kafka-archive'],
  orphanedSnapshotSource: 'legacy-mysql',
  dailySnapshotsKept: 12,
  idleAddresses: ['legacy-vpn', 'data-bastion-eip'],
  /** Public IPv4 on an interface of a stopped instance, and on an interface attached to nothing. */
  idleInterfaceAddresses: ['old-bastion-eip', 'vpn-appliance-eip'],
} as const;
