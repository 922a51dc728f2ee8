import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WASTE_SETTINGS,
  idleAddressFindings,
  type ObservedSnapshot,
  type ObservedVolume,
  oldSnapshotFindings,
  unattachedVolumeFindings,
  wasteFindings,
} from './waste-findings.ts';

const NOW = new Date('2026-12-06T08:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

function volume(overrides: Partial<ObservedVolume>): ObservedVolume {
  return {
    volumeId: 'vol-1',
    accountId: '111111111111',
    region: 'us-east-1',
    sizeGb: 500,
    volumeType: 'gp3',
    iops: 3000,
    throughputMiBs: 125,
    attachedTo: null,
    createTime: daysAgo(400),
    unattachedSince: daysAgo(40),
    tags: { Name: 'jenkins-old-data', team: 'platform' },
    ...overrides,
  };
}

function snapshot(id: string, volumeId: string, age: number): ObservedSnapshot {
  return {
    snapshotId: id,
    accountId: '111111111111',
    region: 'us-east-1',
    volumeId,
    volumeSizeGb: 300,
    startTime: daysAgo(age),
    tags: {},
  };
}

describe('unattached volumes', () => {
  it('flags a volume unattached longer than the threshold and says since when', () => {
    const [finding] = unattachedVolumeFindings([volume({})], DEFAULT_WASTE_SETTINGS, NOW);
    expect(finding).toMatchObject({
      kind: 'unattached-volume',
      resourceId: 'vol-1',
      name: 'jenkins-old-data',
    });
    expect(finding?.why).toContain('Unattached for 40 days (since 2026-10-27), more than the 7 allowed');
  });

  it('leaves attached volumes and those unattached for the threshold or less', () => {
    const volumes = [
      volume({ attachedTo: 'i-1', unattachedSince: null }),
      volume({ unattachedSince: daysAgo(7) }),
    ];
    expect(unattachedVolumeFindings(volumes, DEFAULT_WASTE_SETTINGS, NOW)).toEqual([]);
    expect(
      unattachedVolumeFindings(volumes, { ...DEFAULT_WASTE_SETTINGS, unattachedDays: 6 }, NOW),
    ).toHaveLength(1);
  });
});

describe('snapshots', () => {
  it('flags a snapshot older than 90 days whose volume is gone, not a younger one', () => {
    const findings = oldSnapshotFindings(
      [snapshot('snap-old', 'vol-gone', 120), snapshot('snap-young', 'vol-gone', 30)],
      new Set(),
      DEFAULT_WASTE_SETTINGS,
      NOW,
    );
    expect(findings.map((finding) => finding.resourceId)).toEqual(['snap-old']);
    expect(findings[0]?.why).toContain(
      'its volume vol-gone no longer exists and it is 120 days old (more than 90)',
    );
  });

  it('flags the oldest snapshots of a live volume beyond the seven kept', () => {
    const twelve = Array.from({ length: 12 }, (_, index) =>
      snapshot(`snap-${index + 1}`, 'vol-live', index + 1),
    );
    const findings = oldSnapshotFindings(twelve, new Set(['vol-live']), DEFAULT_WASTE_SETTINGS, NOW);
    expect(findings.map((finding) => finding.resourceId)).toEqual([
      'snap-8',
      'snap-9',
      'snap-10',
      'snap-11',
      'snap-12',
    ]);
    expect(findings[0]?.why).toContain('number 8 of 12 snapshots of vol-live, beyond the newest 7 kept');
  });

  it('judges no snapshot orphaned when the volumes could not be described', () => {
    const findings = wasteFindings(
      { volumes: null, snapshots: [snapshot('snap-old', 'vol-unknown', 400)], addresses: null },
      DEFAULT_WASTE_SETTINGS,
      NOW,
    );
    expect(findings).toEqual([]);
  });
});

describe('addresses and gp2', () => {
  it('flags an Elastic IP with no association, not one attached to an instance', () => {
    const base = {
      accountId: '1',
      region: 'us-east-1',
      publicIp: '54.1.2.3',
      tags: {},
      networkInterfaceId: null,
    };
    const findings = idleAddressFindings([
      { ...base, allocationId: 'eipalloc-idle', associationId: null, instanceId: null },
      { ...base, allocationId: 'eipalloc-used', associationId: 'eipassoc-1', instanceId: 'i-1' },
    ]);
    expect(findings.map((finding) => finding.resourceId)).toEqual(['eipalloc-idle']);
    expect(findings[0]?.why).toContain('54.1.2.3');
  });

  it('flags an attached gp2 volume with the baseline gp3 must match', () => {
    const findings = wasteFindings(
      {
        volumes: [
          volume({ volumeType: 'gp2', sizeGb: 2000, attachedTo: 'i-1', unattachedSince: null, iops: 6000 }),
        ],
        snapshots: [],
        addresses: [],
      },
      DEFAULT_WASTE_SETTINGS,
      NOW,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: 'gp2-volume', iops: 6000, throughputMiBs: 250 });
    expect(findings[0]?.why).toContain('6000 IOPS and 250 MiB/s');
  });
});
