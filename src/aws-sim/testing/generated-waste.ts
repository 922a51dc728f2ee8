import type { CompanyWaste, SimAddress, SimSnapshot, SimVolume } from '../company/waste.ts';

const DAY_MS = 86_400_000;
const hex = (n: number, width = 16) => n.toString(16).padStart(width, '0');

/**
 * Many unbilled volumes, snapshots and addresses in one account and region, for measuring the
 * finders: a third of the volumes unattached, a quarter gp2, half the snapshots of volumes that are gone.
 */
export function generatedWaste(
  accountId: string,
  region: string,
  counts: { volumes: number; snapshots: number; addresses: number },
  nowMs: number,
  seed = 1,
): CompanyWaste {
  const prefix = `${seed.toString(16).padStart(2, '0')}${accountId.slice(-4)}${region.length.toString(16)}`;
  const volumes: SimVolume[] = Array.from({ length: counts.volumes }, (_, index) => ({
    volumeId: `vol-0${prefix}${hex(index, 9)}`,
    accountId,
    region,
    availabilityZone: `${region}a`,
    sizeGb: 20 + (index % 50) * 10,
    volumeType: index % 4 === 0 ? 'gp2' : 'gp3',
    iops: index % 4 === 0 ? undefined : 3000,
    throughputMiBs: index % 4 === 0 ? undefined : 125,
    createTime: nowMs - (30 + (index % 300)) * DAY_MS,
    attachedTo: index % 3 === 0 ? undefined : `i-0${prefix}${hex(index, 9)}`,
    tags: { team: ['platform', 'data', 'web'][index % 3] },
    billed: false,
  }));
  const snapshots: SimSnapshot[] = Array.from({ length: counts.snapshots }, (_, index) => ({
    snapshotId: `snap-0${prefix}${hex(index, 9)}`,
    accountId,
    region,
    volumeId:
      index % 2 === 0
        ? `vol-0${prefix}${hex(index % Math.max(1, counts.volumes), 9)}`
        : `vol-0ffff${hex(index, 11)}`,
    volumeSizeGb: 100,
    storedGb: 5,
    startTime: nowMs - (1 + (index % 400)) * DAY_MS,
    description: `generated ${index}`,
    tags: {},
    billed: false,
  }));
  const addresses: SimAddress[] = Array.from({ length: counts.addresses }, (_, index) => ({
    allocationId: `eipalloc-0${prefix}${hex(index, 9)}`,
    publicIp: `3.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    accountId,
    region,
    instanceId: index % 2 === 0 ? undefined : `i-0${prefix}${hex(index, 9)}`,
    allocatedAt: nowMs - 100 * DAY_MS,
    tags: {},
    billed: false,
  }));
  return { volumes, snapshots, addresses, networkInterfaces: [] };
}
