import {
  type Address,
  DescribeAddressesCommand,
  DescribeRegionsCommand,
  DescribeSnapshotsCommand,
  DescribeVolumesCommand,
  type Snapshot,
  type Tag,
  type Volume,
} from '@aws-sdk/client-ec2';
import { WASTE_FINDER_PERMISSIONS } from '../../../../domain/waste-findings.ts';
import type { AwsAccess, AwsCredentials } from '../../../aws-access.ts';
import { awsClients } from './aws-clients.ts';
import { type AwsAccessError, callFailure } from './aws-failure.ts';
import {
  type CallAs,
  type RegionClients,
  readDatabases,
  readLoadBalancers,
  readNatGateways,
  readPublicInterfaces,
} from './idle-service-readers.ts';

/**
 * What the waste finders read: the account's volumes, own snapshots and addresses (decision 101),
 * its NAT gateways, load balancers, databases and public network interfaces (decision 108).
 */
export const WASTE_FINDERS = [
  { finder: 'volumes', permissions: WASTE_FINDER_PERMISSIONS.volumes, resourceType: 'volume' },
  { finder: 'snapshots', permissions: WASTE_FINDER_PERMISSIONS.snapshots, resourceType: 'snapshot' },
  { finder: 'addresses', permissions: WASTE_FINDER_PERMISSIONS.addresses, resourceType: 'address' },
  { finder: 'natGateways', permissions: WASTE_FINDER_PERMISSIONS.natGateways, resourceType: 'nat-gateway' },
  {
    finder: 'loadBalancers',
    permissions: WASTE_FINDER_PERMISSIONS.loadBalancers,
    resourceType: 'load-balancer',
  },
  { finder: 'databases', permissions: WASTE_FINDER_PERMISSIONS.databases, resourceType: 'rds-db-instance' },
  {
    finder: 'networkInterfaces',
    permissions: WASTE_FINDER_PERMISSIONS.networkInterfaces,
    resourceType: 'network-interface',
  },
] as const;
/**
 * The instances the EC2 inventory saw, kept beside the waste resources: the previous-generation rule
 * reads their types, the public-IPv4 rule their states (decision 109). No call of its own.
 */
export const INSTANCES_FINDER = {
  finder: 'instances',
  permissions: ['ec2:DescribeInstances'],
  resourceType: 'instance',
} as const;
export type WasteFinderName = (typeof WASTE_FINDERS)[number]['finder'] | 'instances';
export type WasteResourceType = (typeof WASTE_FINDERS)[number]['resourceType'] | 'instance';

export interface CollectedWasteResource {
  resourceType: WasteResourceType;
  resourceId: string;
  region: string;
  attributes: Record<string, string | number | null>;
  tags: Record<string, string>;
}

export interface WasteFinderOutcome {
  finder: WasteFinderName;
  /** The permission the role lacked (or that failed); the finder's first when it ran. */
  permission: string;
  /** `missing-permission`: the role may not make the call; `throttled`: AWS still throttled after the retries. */
  state: 'ok' | 'missing-permission' | 'throttled' | 'failed';
  message: string | null;
  regions: number;
  calls: number;
  /** Everything found in every region; null when the finder could not finish (the previous stays). */
  resources: CollectedWasteResource[] | null;
}

const VOLUMES_PER_PAGE = 500;
const SNAPSHOTS_PER_PAGE = 1000;

const tagsOf = (tags: Tag[] | undefined) =>
  Object.fromEntries((tags ?? []).map((tag) => [tag.Key ?? '', tag.Value ?? '']));
const iso = (date: Date | undefined) => date?.toISOString() ?? null;

function volumeResource(volume: Volume, region: string): CollectedWasteResource {
  return {
    resourceType: 'volume',
    resourceId: volume.VolumeId ?? '',
    region,
    attributes: {
      sizeGb: volume.Size ?? 0,
      volumeType: volume.VolumeType ?? 'unknown',
      iops: volume.Iops ?? null,
      throughputMiBs: volume.Throughput ?? null,
      state: volume.State ?? 'unknown',
      attachedTo: volume.Attachments?.find((attachment) => attachment.InstanceId)?.InstanceId ?? null,
      createTime: iso(volume.CreateTime),
    },
    tags: tagsOf(volume.Tags),
  };
}

function snapshotResource(snapshot: Snapshot, region: string): CollectedWasteResource {
  return {
    resourceType: 'snapshot',
    resourceId: snapshot.SnapshotId ?? '',
    region,
    attributes: {
      volumeId: snapshot.VolumeId ?? '',
      volumeSizeGb: snapshot.VolumeSize ?? 0,
      startTime: iso(snapshot.StartTime),
      description: snapshot.Description ?? null,
    },
    tags: tagsOf(snapshot.Tags),
  };
}

function addressResource(address: Address, region: string): CollectedWasteResource {
  return {
    resourceType: 'address',
    resourceId: address.AllocationId ?? address.PublicIp ?? '',
    region,
    attributes: {
      publicIp: address.PublicIp ?? '',
      associationId: address.AssociationId ?? null,
      instanceId: address.InstanceId ?? null,
      networkInterfaceId: address.NetworkInterfaceId ?? null,
    },
    tags: tagsOf(address.Tags),
  };
}

type RegionReader = (
  clients: RegionClients,
  region: string,
  callAs: CallAs,
  now: Date,
) => Promise<CollectedWasteResource[]>;

/** Every page of DescribeVolumes, MaxResults at a time: 10,000 volumes are 20 calls, never one answer. */
const readVolumes: RegionReader = async ({ ec2 }, region, callAs) => {
  const found: CollectedWasteResource[] = [];
  let token: string | undefined;
  do {
    const page = await callAs('ec2:DescribeVolumes', () =>
      ec2.send(new DescribeVolumesCommand({ MaxResults: VOLUMES_PER_PAGE, NextToken: token })),
    );
    for (const volume of page.Volumes ?? []) found.push(volumeResource(volume, region));
    token = page.NextToken;
  } while (token);
  return found;
};

/** The account's own snapshots only (OwnerIds self): without it AWS lists every public snapshot too. */
const readSnapshots: RegionReader = async ({ ec2 }, region, callAs) => {
  const found: CollectedWasteResource[] = [];
  let token: string | undefined;
  do {
    const page = await callAs('ec2:DescribeSnapshots', () =>
      ec2.send(
        new DescribeSnapshotsCommand({
          OwnerIds: ['self'],
          MaxResults: SNAPSHOTS_PER_PAGE,
          NextToken: token,
        }),
      ),
    );
    for (const snapshot of page.Snapshots ?? []) found.push(snapshotResource(snapshot, region));
    token = page.NextToken;
  } while (token);
  return found;
};

/** DescribeAddresses has no paging: one call a region. */
const readAddresses: RegionReader = async ({ ec2 }, region, callAs) => {
  const answer = await callAs('ec2:DescribeAddresses', () => ec2.send(new DescribeAddressesCommand({})));
  return (answer.Addresses ?? []).map((address) => addressResource(address, region));
};

const READERS: Record<(typeof WASTE_FINDERS)[number]['finder'], RegionReader> = {
  volumes: readVolumes,
  snapshots: readSnapshots,
  addresses: readAddresses,
  natGateways: readNatGateways,
  loadBalancers: readLoadBalancers,
  databases: readDatabases,
  networkInterfaces: (clients, region, callAs) => readPublicInterfaces(clients, region, callAs),
};

function outcomeOfFailure(error: AwsAccessError): Pick<WasteFinderOutcome, 'state' | 'message'> {
  if (error.code === 'MissingPermission') return { state: 'missing-permission', message: error.message };
  if (error.code === 'Throttled') return { state: 'throttled', message: error.message };
  return { state: 'failed', message: error.message };
}

/** The enabled regions the account uses (`usedRegions`); every enabled region when none is known yet. */
export async function regionsToRead(
  access: AwsAccess,
  credentials: AwsCredentials | undefined,
  usedRegions: readonly string[],
): Promise<string[]> {
  const { ec2 } = awsClients(access, credentials);
  const answer = await ec2.send(new DescribeRegionsCommand({})).catch((error) => {
    throw callFailure(error, 'ec2:DescribeRegions');
  });
  const enabled = (answer.Regions ?? []).map((region) => region.RegionName ?? '').filter(Boolean);
  const used = enabled.filter((region) => usedRegions.includes(region));
  return used.length > 0 ? used : enabled;
}

/**
 * The waste inventory of one account: each finder in every region the account uses (`usedRegions`,
 * from its bill and its instances; every enabled region when none is known yet), one after the other.
 * A finder the role may not run, or that fails, says which permission and stops; the others still run.
 * Throttling is retried with backoff by the SDK (its standard retry strategy, up to the access's
 * maxAttempts). `now` ends the metric windows (the finished days before it).
 */
export async function collectWasteInventory(
  access: AwsAccess,
  credentials: AwsCredentials | undefined,
  usedRegions: readonly string[] = [],
  now: Date,
): Promise<WasteFinderOutcome[]> {
  const regions = await regionsToRead(access, credentials, usedRegions);
  const clients = new Map(
    regions.map((region) => {
      const all = awsClients(access, credentials, region);
      return [region, { ec2: all.ec2, cloudWatch: all.cloudWatch, elbv2: all.elbv2, rds: all.rds }];
    }),
  );
  const outcomes: WasteFinderOutcome[] = [];
  for (const { finder, permissions } of WASTE_FINDERS) {
    let calls = 0;
    let current: string = permissions[0];
    const callAs: CallAs = (permission, call) => {
      calls += 1;
      current = permission;
      return call();
    };
    const resources: CollectedWasteResource[] = [];
    let failure: Pick<WasteFinderOutcome, 'state' | 'message'> | null = null;
    for (const region of regions) {
      try {
        resources.push(...(await READERS[finder](clients.get(region) as RegionClients, region, callAs, now)));
      } catch (error) {
        failure = outcomeOfFailure(callFailure(error, `${current} in ${region}`));
        break;
      }
    }
    outcomes.push({
      finder,
      permission: failure ? current : permissions[0],
      state: failure?.state ?? 'ok',
      message: failure?.message ?? null,
      regions: regions.length,
      calls,
      resources: failure ? null : resources,
    });
  }
  return outcomes;
}

/** The EC2 inventory's instances as the `instances` finder's outcome: what they are and whether they run. */
export function instancesOutcome(
  instances: ReadonlyArray<{
    instanceId: string;
    region: string;
    instanceType: string;
    state: string;
    launchTime: Date | null;
    tags: Record<string, string>;
  }>,
  regions: number,
): WasteFinderOutcome {
  return {
    finder: INSTANCES_FINDER.finder,
    permission: INSTANCES_FINDER.permissions[0],
    state: 'ok',
    message: null,
    regions,
    calls: 0,
    resources: instances.map((instance) => ({
      resourceType: INSTANCES_FINDER.resourceType,
      resourceId: instance.instanceId,
      region: instance.region,
      attributes: {
        instanceType: instance.instanceType,
        state: instance.state,
        launchTime: iso(instance.launchTime ?? undefined),
      },
      tags: instance.tags,
    })),
  };
}
