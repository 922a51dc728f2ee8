import {
  type Address,
  DescribeAddressesCommand,
  DescribeRegionsCommand,
  DescribeSnapshotsCommand,
  DescribeVolumesCommand,
  type EC2Client,
  type Snapshot,
  type Tag,
  type Volume,
} from '@aws-sdk/client-ec2';
import { WASTE_FINDER_PERMISSIONS } from '../../../../domain/waste-findings.ts';
import type { AwsAccess, AwsCredentials } from '../../../aws-access.ts';
import { awsClients } from './aws-clients.ts';
import { type AwsAccessError, callFailure } from './aws-failure.ts';

/** What the waste finders read (decision 101): the account's volumes, own snapshots and addresses. */
export const WASTE_FINDERS = [
  { finder: 'volumes', permission: WASTE_FINDER_PERMISSIONS.volumes, resourceType: 'volume' },
  { finder: 'snapshots', permission: WASTE_FINDER_PERMISSIONS.snapshots, resourceType: 'snapshot' },
  { finder: 'addresses', permission: WASTE_FINDER_PERMISSIONS.addresses, resourceType: 'address' },
] as const;
export type WasteFinderName = (typeof WASTE_FINDERS)[number]['finder'];
export type WasteResourceType = (typeof WASTE_FINDERS)[number]['resourceType'];

export interface CollectedWasteResource {
  resourceType: WasteResourceType;
  resourceId: string;
  region: string;
  attributes: Record<string, string | number | null>;
  tags: Record<string, string>;
}

export interface WasteFinderOutcome {
  finder: WasteFinderName;
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
  ec2: EC2Client,
  region: string,
  countCall: () => void,
) => Promise<CollectedWasteResource[]>;

/** Every page of DescribeVolumes, MaxResults at a time: 10,000 volumes are 20 calls, never one answer. */
const readVolumes: RegionReader = async (ec2, region, countCall) => {
  const found: CollectedWasteResource[] = [];
  let token: string | undefined;
  do {
    countCall();
    const page = await ec2.send(
      new DescribeVolumesCommand({ MaxResults: VOLUMES_PER_PAGE, NextToken: token }),
    );
    for (const volume of page.Volumes ?? []) found.push(volumeResource(volume, region));
    token = page.NextToken;
  } while (token);
  return found;
};

/** The account's own snapshots only (OwnerIds self): without it AWS lists every public snapshot too. */
const readSnapshots: RegionReader = async (ec2, region, countCall) => {
  const found: CollectedWasteResource[] = [];
  let token: string | undefined;
  do {
    countCall();
    const page = await ec2.send(
      new DescribeSnapshotsCommand({ OwnerIds: ['self'], MaxResults: SNAPSHOTS_PER_PAGE, NextToken: token }),
    );
    for (const snapshot of page.Snapshots ?? []) found.push(snapshotResource(snapshot, region));
    token = page.NextToken;
  } while (token);
  return found;
};

/** DescribeAddresses has no paging: one call a region. */
const readAddresses: RegionReader = async (ec2, region, countCall) => {
  countCall();
  const answer = await ec2.send(new DescribeAddressesCommand({}));
  return (answer.Addresses ?? []).map((address) => addressResource(address, region));
};

const READERS: Record<WasteFinderName, RegionReader> = {
  volumes: readVolumes,
  snapshots: readSnapshots,
  addresses: readAddresses,
};

function outcomeOfFailure(error: AwsAccessError): Pick<WasteFinderOutcome, 'state' | 'message'> {
  if (error.code === 'MissingPermission') return { state: 'missing-permission', message: error.message };
  if (error.code === 'Throttled') return { state: 'throttled', message: error.message };
  return { state: 'failed', message: error.message };
}

/**
 * The waste inventory of one account: each finder in every region the account uses (`usedRegions`,
 * from its bill and its instances; every enabled region when none is known yet), one after the other.
 * A finder the role may not run, or that fails, says why and stops; the others still run. Throttling is
 * retried with backoff by the SDK (its standard retry strategy, up to the access's maxAttempts).
 */
export async function collectWasteInventory(
  access: AwsAccess,
  credentials: AwsCredentials | undefined,
  usedRegions: readonly string[] = [],
): Promise<WasteFinderOutcome[]> {
  const { ec2 } = awsClients(access, credentials);
  const answer = await ec2.send(new DescribeRegionsCommand({})).catch((error) => {
    throw callFailure(error, 'ec2:DescribeRegions');
  });
  const enabled = (answer.Regions ?? []).map((region) => region.RegionName ?? '').filter(Boolean);
  const used = enabled.filter((region) => usedRegions.includes(region));
  const regions = used.length > 0 ? used : enabled;
  const clients = new Map(regions.map((region) => [region, awsClients(access, credentials, region).ec2]));
  const outcomes: WasteFinderOutcome[] = [];
  for (const { finder, permission } of WASTE_FINDERS) {
    let calls = 0;
    const countCall = () => {
      calls += 1;
    };
    const resources: CollectedWasteResource[] = [];
    let failure: Pick<WasteFinderOutcome, 'state' | 'message'> | null = null;
    for (const region of regions) {
      try {
        resources.push(...(await READERS[finder](clients.get(region) as EC2Client, region, countCall)));
      } catch (error) {
        failure = outcomeOfFailure(callFailure(error, `${permission} in ${region}`));
        break;
      }
    }
    outcomes.push({
      finder,
      permission,
      state: failure?.state ?? 'ok',
      message: failure?.message ?? null,
      regions: regions.length,
      calls,
      resources: failure ? null : resources,
    });
  }
  return outcomes;
}
