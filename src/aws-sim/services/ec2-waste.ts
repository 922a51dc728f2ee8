import type { FleetInstance } from '../company/fleet.ts';
import type { ResourceTags } from '../company/line-item.ts';
import type { CompanyWaste, SimAddress, SimSnapshot, SimVolume } from '../company/waste.ts';
import { fleetRootVolumes } from '../company/waste.ts';
import { AwsError } from '../protocol/aws-error.ts';
import type { CallContext } from '../protocol/service-handler.ts';
import { items, type XmlElements } from '../protocol/xml.ts';
import { numberedParams, queryFilters } from './ec2-filters.ts';

type Page<T> = { page: T[]; nextToken: string | undefined };

/** EC2's MaxResults/NextToken paging: `limits` are the call's allowed page sizes. */
export function paged<T>(all: T[], params: URLSearchParams, limits: { min: number; max: number }): Page<T> {
  const maxText = params.get('MaxResults');
  const maxResults = maxText === null ? all.length : Number(maxText);
  if (
    maxText !== null &&
    (!Number.isInteger(maxResults) || maxResults < limits.min || maxResults > limits.max)
  )
    throw new AwsError(
      'InvalidParameterValue',
      `Value ( ${maxText} ) for parameter maxResults is invalid. Expecting a value between ${limits.min} and ${limits.max}.`,
    );
  const token = params.get('NextToken');
  const offset =
    token === null ? 0 : Number(Buffer.from(token, 'base64url').toString('utf8').replace('offset:', ''));
  if (!Number.isInteger(offset) || offset < 0)
    throw new AwsError('InvalidParameterValue', 'The value of nextToken is invalid.');
  const page = all.slice(offset, offset + maxResults);
  const next = offset + page.length;
  return {
    page,
    nextToken: next < all.length ? Buffer.from(`offset:${next}`).toString('base64url') : undefined,
  };
}

export function tagSet(name: string | undefined, tags: ResourceTags): XmlElements {
  const pairs = [['Name', name], ...Object.entries(tags)].filter(([, value]) => value !== undefined);
  return items(pairs.map(([key, value]) => ({ key, value })));
}

const inScope = <T extends { accountId: string; region: string }>(all: T[], context: CallContext) =>
  all.filter((entry) => entry.accountId === context.identity.accountId && entry.region === context.region);

function volumeState(volume: SimVolume): 'available' | 'in-use' {
  return volume.attachedTo ? 'in-use' : 'available';
}

function volumeXml(volume: SimVolume): XmlElements {
  return {
    volumeId: volume.volumeId,
    size: volume.sizeGb,
    snapshotId: '',
    availabilityZone: volume.availabilityZone,
    status: volumeState(volume),
    createTime: new Date(volume.createTime),
    attachmentSet: items(
      volume.attachedTo
        ? [
            {
              volumeId: volume.volumeId,
              instanceId: volume.attachedTo,
              device: '/dev/sdf',
              status: 'attached',
              attachTime: new Date(volume.attachTime ?? volume.createTime),
              deleteOnTermination: false,
            },
          ]
        : [],
    ),
    tagSet: tagSet(volume.name, volume.tags),
    volumeType: volume.volumeType,
    // gp2 reports its baseline IOPS: 3 per GiB, between 100 and 16,000.
    iops:
      volume.iops ??
      (volume.volumeType === 'gp2' ? Math.min(16_000, Math.max(100, volume.sizeGb * 3)) : undefined),
    throughput: volume.throughputMiBs,
    encrypted: true,
    multiAttachEnabled: false,
  };
}

export function describeVolumes(waste: CompanyWaste, fleet: FleetInstance[], context: CallContext) {
  const { params } = context.request;
  const now = context.nowMs;
  const all = inScope(
    [...fleetRootVolumes(fleet), ...waste.volumes].filter(
      (volume) => volume.createTime <= now && (volume.deletedAt === undefined || volume.deletedAt > now),
    ),
    context,
  );
  const ids = numberedParams(params, 'VolumeId');
  const unknown = ids.find((id) => !all.some((volume) => volume.volumeId === id));
  if (unknown) throw new AwsError('InvalidVolume.NotFound', `The volume '${unknown}' does not exist.`);
  const filters = queryFilters(params);
  const matching = all.filter(
    (volume) =>
      (ids.length === 0 || ids.includes(volume.volumeId)) &&
      filters.every((filter) => {
        if (filter.name === 'status') return filter.values.includes(volumeState(volume));
        if (filter.name === 'volume-type') return filter.values.includes(volume.volumeType);
        throw new AwsError('InvalidParameterValue', `The filter '${filter.name}' is invalid`);
      }),
  );
  const { page, nextToken } = paged(matching, params, { min: 5, max: 500 });
  return { volumeSet: items(page.map(volumeXml)), nextToken };
}

function snapshotXml(snapshot: SimSnapshot): XmlElements {
  return {
    snapshotId: snapshot.snapshotId,
    volumeId: snapshot.volumeId,
    status: 'completed',
    startTime: new Date(snapshot.startTime),
    progress: '100%',
    ownerId: snapshot.accountId,
    volumeSize: snapshot.volumeSizeGb,
    description: snapshot.description,
    encrypted: true,
    storageTier: 'standard',
    tagSet: tagSet(snapshot.name, snapshot.tags),
  };
}

export function describeSnapshots(waste: CompanyWaste, context: CallContext) {
  const { params } = context.request;
  const owners = numberedParams(params, 'Owner');
  if (owners.length === 0)
    // Without an owner AWS lists every public snapshot too: millions. The simulator insists.
    throw new AwsError(
      'InvalidParameterValue',
      'The simulator answers DescribeSnapshots only with OwnerIds (self or an account id).',
    );
  const ownerIds = owners.map((owner) => (owner === 'self' ? context.identity.accountId : owner));
  const all = inScope(waste.snapshots, context).filter(
    (snapshot) => snapshot.startTime <= context.nowMs && ownerIds.includes(snapshot.accountId),
  );
  const { page, nextToken } = paged(all, params, { min: 5, max: 1000 });
  return { snapshotSet: items(page.map(snapshotXml)), nextToken };
}

function addressXml(address: SimAddress): XmlElements {
  return {
    publicIp: address.publicIp,
    allocationId: address.allocationId,
    domain: 'vpc',
    instanceId: address.instanceId,
    associationId:
      address.instanceId || address.networkInterfaceId
        ? `eipassoc-0${address.allocationId.slice(10, 26)}`
        : undefined,
    networkInterfaceId: address.networkInterfaceId,
    networkInterfaceOwnerId: address.networkInterfaceId ? address.accountId : undefined,
    networkBorderGroup: address.region,
    publicIpv4Pool: 'amazon',
    tagSet: tagSet(address.name, address.tags),
  };
}

/** DescribeAddresses has no paging in AWS: every address of the region in one answer. */
export function describeAddresses(waste: CompanyWaste, context: CallContext) {
  const all = inScope(waste.addresses, context).filter((address) => address.allocatedAt <= context.nowMs);
  return { addressesSet: items(all.map(addressXml)) };
}
