/**
 * Waste beyond EC2 instances: which volumes, snapshots and addresses cost money for nothing, and the
 * rule that says so in words (decision 101). Pure: the recommendations module feeds it what the
 * describe calls returned and prices what it answers (`waste-prices.ts`).
 */

import { gp2Baseline } from './waste-prices.ts';

/**
 * The describe calls each waste finder makes: what the read-only role needs beyond the EC2
 * inventory's (CloudWatch GetMetricData it already has).
 */
export const WASTE_FINDER_PERMISSIONS = {
  volumes: ['ec2:DescribeVolumes'],
  snapshots: ['ec2:DescribeSnapshots'],
  addresses: ['ec2:DescribeAddresses'],
  natGateways: ['ec2:DescribeNatGateways'],
  loadBalancers: [
    'elasticloadbalancing:DescribeLoadBalancers',
    'elasticloadbalancing:DescribeTargetGroups',
    'elasticloadbalancing:DescribeTargetHealth',
    'elasticloadbalancing:DescribeTags',
  ],
  databases: ['rds:DescribeDBInstances'],
  networkInterfaces: ['ec2:DescribeNetworkInterfaces'],
} as const;

/** Every permission of the finders, once each: what the template grants and the stack page lists. */
export const ALL_WASTE_FINDER_PERMISSIONS: readonly string[] = Object.values(WASTE_FINDER_PERMISSIONS).flat();

export const WASTE_KINDS = [
  'unattached-volume',
  'gp2-volume',
  'old-snapshot',
  'idle-address',
  'idle-nat-gateway',
  'idle-load-balancer',
  'idle-database',
  'idle-public-ip',
  'previous-generation',
] as const;
export type WasteKind = (typeof WASTE_KINDS)[number];

export interface WasteSettings {
  /** A volume unattached for more than this many days. */
  unattachedDays: number;
  /** A snapshot older than this many days whose volume is gone. */
  snapshotAgeDays: number;
  /** Snapshots of one volume beyond this many (the newest are kept). */
  snapshotsKeptPerVolume: number;
}

export const DEFAULT_WASTE_SETTINGS: WasteSettings = {
  unattachedDays: 7,
  snapshotAgeDays: 90,
  snapshotsKeptPerVolume: 7,
};

export interface ObservedVolume {
  volumeId: string;
  accountId: string;
  region: string;
  sizeGb: number;
  volumeType: string;
  iops: number | null;
  throughputMiBs: number | null;
  attachedTo: string | null;
  createTime: Date;
  /**
   * When Spendguard first saw it unattached; for a volume first seen unattached and never seen
   * attached, its creation (DescribeVolumes says nothing of a detach time).
   */
  unattachedSince: Date | null;
  tags: Record<string, string>;
}

export interface ObservedSnapshot {
  snapshotId: string;
  accountId: string;
  region: string;
  volumeId: string;
  volumeSizeGb: number;
  startTime: Date;
  tags: Record<string, string>;
}

export interface ObservedAddress {
  allocationId: string;
  publicIp: string;
  accountId: string;
  region: string;
  associationId: string | null;
  instanceId: string | null;
  networkInterfaceId: string | null;
  tags: Record<string, string>;
}

/** What a finding says, before it is priced: the resource, the rule and the facts the rule read. */
export interface WasteFinding {
  kind: WasteKind;
  resourceId: string;
  accountId: string;
  region: string;
  name: string | null;
  tags: Record<string, string>;
  why: string;
  /** What pricing needs: size, type, performance (volumes), the volume size (snapshots). */
  sizeGb: number | null;
  volumeType: string | null;
  iops: number | null;
  throughputMiBs: number | null;
  /** When the resource came to be (volume creation, snapshot start), when known. */
  createdAt: Date | null;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY_MS);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const nameOf = (tags: Record<string, string>) => tags.Name ?? null;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function base(
  kind: WasteKind,
  resource: { accountId: string; region: string; tags: Record<string, string> },
  resourceId: string,
  why: string,
) {
  return {
    kind,
    resourceId,
    accountId: resource.accountId,
    region: resource.region,
    name: nameOf(resource.tags),
    tags: resource.tags,
    why,
    sizeGb: null,
    volumeType: null,
    iops: null,
    throughputMiBs: null,
    createdAt: null,
  };
}

/** Volumes unattached for more than the settings' days: billed in full, used by nothing. */
export function unattachedVolumeFindings(
  volumes: readonly ObservedVolume[],
  settings: WasteSettings,
  now: Date,
): WasteFinding[] {
  return volumes.flatMap((volume) => {
    if (volume.attachedTo !== null || volume.unattachedSince === null) return [];
    const days = daysBetween(volume.unattachedSince, now);
    if (days <= settings.unattachedDays) return [];
    const why = `Unattached for ${plural(days, 'day')} (since ${isoDay(volume.unattachedSince)}), more than the ${settings.unattachedDays} allowed: a ${volume.sizeGb} GiB ${volume.volumeType} volume is billed in full while no instance uses it.`;
    return [
      {
        ...base('unattached-volume', volume, volume.volumeId, why),
        sizeGb: volume.sizeGb,
        volumeType: volume.volumeType,
        iops: volume.iops,
        throughputMiBs: volume.throughputMiBs,
        createdAt: volume.createTime,
      },
    ];
  });
}

/** Every gp2 volume: gp3 gives the same baseline for less (`waste-prices.ts` says how much). */
export function gp2VolumeFindings(volumes: readonly ObservedVolume[]): WasteFinding[] {
  return volumes.flatMap((volume) => {
    if (volume.volumeType !== 'gp2') return [];
    const baseline = gp2Baseline(volume.sizeGb);
    const why = `gp2 volume of ${volume.sizeGb} GiB: its baseline of ${baseline.iops} IOPS and ${baseline.throughputMiBs} MiB/s costs less as gp3 provisioned at the same IOPS and throughput (a live change, no detach).`;
    return [
      {
        ...base('gp2-volume', volume, volume.volumeId, why),
        sizeGb: volume.sizeGb,
        volumeType: volume.volumeType,
        iops: baseline.iops,
        throughputMiBs: baseline.throughputMiBs,
        createdAt: volume.createTime,
      },
    ];
  });
}

/**
 * Snapshots older than the settings' days whose volume no longer exists, and snapshots of one volume
 * beyond the number kept (the oldest go first). `liveVolumeIds`: every volume of the account and region.
 */
export function oldSnapshotFindings(
  snapshots: readonly ObservedSnapshot[],
  liveVolumeIds: ReadonlySet<string>,
  settings: WasteSettings,
  now: Date,
): WasteFinding[] {
  const byVolume = new Map<string, ObservedSnapshot[]>();
  for (const snapshot of snapshots) {
    const key = `${snapshot.accountId}/${snapshot.region}/${snapshot.volumeId}`;
    byVolume.set(key, [...(byVolume.get(key) ?? []), snapshot]);
  }
  const findings: WasteFinding[] = [];
  for (const group of byVolume.values()) {
    const newestFirst = [...group].sort((a, b) => b.startTime.getTime() - a.startTime.getTime());
    newestFirst.forEach((snapshot, index) => {
      const age = daysBetween(snapshot.startTime, now);
      const orphaned = !liveVolumeIds.has(snapshot.volumeId) && age > settings.snapshotAgeDays;
      const beyondKept = index >= settings.snapshotsKeptPerVolume;
      if (!orphaned && !beyondKept) return;
      const reasons = [
        orphaned
          ? `its volume ${snapshot.volumeId} no longer exists and it is ${plural(age, 'day')} old (more than ${settings.snapshotAgeDays})`
          : null,
        beyondKept
          ? `it is number ${index + 1} of ${newestFirst.length} snapshots of ${snapshot.volumeId}, beyond the newest ${settings.snapshotsKeptPerVolume} kept`
          : null,
      ].filter(Boolean);
      findings.push({
        ...base(
          'old-snapshot',
          snapshot,
          snapshot.snapshotId,
          `Snapshot taken ${isoDay(snapshot.startTime)}: ${reasons.join('; ')}.`,
        ),
        sizeGb: snapshot.volumeSizeGb,
        createdAt: snapshot.startTime,
      });
    });
  }
  return findings;
}

/** Elastic IPs associated with nothing: every public IPv4 address is billed by the hour since February 2024. */
export function idleAddressFindings(addresses: readonly ObservedAddress[]): WasteFinding[] {
  return addresses.flatMap((address) => {
    if (address.associationId || address.instanceId || address.networkInterfaceId) return [];
    const why = `Elastic IP ${address.publicIp} is associated with no instance or network interface: AWS bills every public IPv4 address by the hour, used or not.`;
    return [base('idle-address', address, address.allocationId, why)];
  });
}

/** Every finding of one account and region's volumes, snapshots and addresses. */
export function wasteFindings(
  observed: {
    volumes: readonly ObservedVolume[] | null;
    snapshots: readonly ObservedSnapshot[] | null;
    addresses: readonly ObservedAddress[] | null;
  },
  settings: WasteSettings,
  now: Date,
): WasteFinding[] {
  const volumes = observed.volumes ?? [];
  // Without the volumes (the role may not describe them), no snapshot counts as orphaned: only the
  // number kept per volume is judged.
  const liveVolumeIds =
    observed.volumes === null
      ? new Set((observed.snapshots ?? []).map((snapshot) => snapshot.volumeId))
      : new Set(volumes.map((volume) => volume.volumeId));
  return [
    ...unattachedVolumeFindings(volumes, settings, now),
    ...gp2VolumeFindings(volumes),
    ...oldSnapshotFindings(observed.snapshots ?? [], liveVolumeIds, settings, now),
    ...idleAddressFindings(observed.addresses ?? []),
  ];
}
