import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-days.ts';
import {
  commitmentsSection,
  DIGEST_LIST_LINES,
  DIGEST_TOP_METERED,
  type DigestCommitmentFacts,
  type DigestFinding,
  liveSpendSection,
  wasteSection,
} from './digest-sections.ts';

const metered = (resourceId: string, usdPerHour: number | null) => ({
  resourceLabel: 'NAT gateway',
  resourceId,
  region: 'us-east-1',
  usdPerHour,
  usdPerDay: usdPerHour === null ? null : usdPerHour * 24,
});

describe('the live spend section', () => {
  it('says nothing when nothing metered costs anything and no live-spend alert fired', () => {
    expect(liveSpendSection([metered('nat-idle', 0), metered('nat-unknown', null)], [])).toBeNull();
  });

  it('names the largest metered resources by $ an hour, sums the priced ones and counts the unpriced apart', () => {
    const readings = [
      ...Array.from({ length: 7 }, (_, index) => metered(`nat-${index}`, index + 1)),
      metered('nat-unknown', null),
    ];
    const section = liveSpendSection(readings, []);
    expect(section?.top.map((resource) => resource.resourceId)).toEqual([
      'nat-6',
      'nat-5',
      'nat-4',
      'nat-3',
      'nat-2',
    ]);
    expect(section?.top).toHaveLength(DIGEST_TOP_METERED);
    expect(section?.totalUsdPerHour).toBe(28);
    expect(section?.unpriced).toBe(1);
  });

  it("keeps the period's alerts, newest first, even when nothing runs now", () => {
    const alerts = [
      { title: 'Live spend: NAT gateway nat-1 at $8.19 an hour', firedAt: new Date('2026-12-05T10:00:00Z') },
      { title: 'Live spend: Amazon VPC at $9.00 an hour', firedAt: new Date('2026-12-05T12:00:00Z') },
    ];
    expect(liveSpendSection([], alerts)?.alerts.map((alert) => alert.title)).toEqual([
      'Live spend: Amazon VPC at $9.00 an hour',
      'Live spend: NAT gateway nat-1 at $8.19 an hour',
    ]);
  });
});

const commitment = (overrides: Partial<DigestCommitmentFacts>): DigestCommitmentFacts => ({
  commitmentId: 'sp-1',
  type: 'Compute Savings Plan',
  endsAt: '2027-06-01T00:00:00.000Z',
  daysLeft: 200,
  returnableUntil: null,
  hourlyCommitmentUsd: 2,
  last30Days: null,
  days: [],
  ...overrides,
});

const weekOf = (usedShare: number) =>
  Array.from({ length: 7 }, (_, index) => ({
    day: addDays('2026-12-05', -index),
    totalCommitment: 48,
    usedCommitment: 48 * usedShare,
  }));

describe('the commitments section', () => {
  it('says nothing of commitments far from their end, well used and past their return window', () => {
    expect(commitmentsSection([commitment({ days: weekOf(0.95) })])).toBeNull();
  });

  it('names a commitment ending within 60 days with what the same usage costs a month more On-Demand', () => {
    const section = commitmentsSection([
      commitment({
        commitmentId: 'sp-ending',
        daysLeft: 19,
        endsAt: '2026-12-25T00:00:00.000Z',
        last30Days: { onDemandEquivalent: 2040, commitmentCost: 1440 },
      }),
      commitment({ commitmentId: 'sp-later', daysLeft: 61 }),
    ]);
    expect(section?.ending).toEqual([
      {
        commitmentId: 'sp-ending',
        type: 'Compute Savings Plan',
        endsAt: '2026-12-25T00:00:00.000Z',
        daysLeft: 19,
        extraPerMonth: (600 / 30) * (365.25 / 12),
      },
    ]);
  });

  it('names one used below 80% on each of its latest 7 days, with its unused dollars a day', () => {
    const section = commitmentsSection([commitment({ commitmentId: 'ri-under', days: weekOf(0.5) })]);
    expect(section?.underUsed).toEqual([
      {
        commitmentId: 'ri-under',
        type: 'Compute Savings Plan',
        utilizationPercent: 50,
        unusedPerDay: 24,
        days: 7,
      },
    ]);
  });

  it('names one that can still be returned, with the instant its window closes', () => {
    const section = commitmentsSection([
      commitment({ commitmentId: 'sp-mistake', returnableUntil: '2026-12-08T00:00:00.000Z' }),
    ]);
    expect(section?.returnable.map((entry) => entry.commitmentId)).toEqual(['sp-mistake']);
  });
});

const finding = (resourceId: string, monthlyUsd: number | null, team: string | null): DigestFinding => ({
  kind: 'unattached-volume',
  resourceId,
  name: null,
  monthlyUsd,
  why: 'Unattached for 30 days.',
  team,
});

describe('the waste section', () => {
  it('gives a person with no findings no section', () => {
    expect(wasteSection([])).toBeNull();
  });

  it('lists the largest first, price unknown last, with the total and each team’s part', () => {
    const section = wasteSection([
      finding('vol-small', 5, 'Data'),
      finding('vol-unknown', null, 'Platform'),
      finding('vol-large', 40, 'Platform'),
      finding('vol-orphan', 11, null),
    ]);
    expect(section?.findings.map((item) => item.resourceId)).toEqual([
      'vol-large',
      'vol-orphan',
      'vol-small',
      'vol-unknown',
    ]);
    expect(section?.totalMonthlyUsd).toBe(56);
    expect(section?.priceUnknown).toBe(1);
    expect(section?.byTeam).toEqual([
      { team: 'Platform', count: 2, monthlyUsd: 40 },
      { team: 'Data', count: 1, monthlyUsd: 5 },
      { team: null, count: 1, monthlyUsd: 11 },
    ]);
  });

  it('shows ten lines and sums the rest on one', () => {
    const many = Array.from({ length: DIGEST_LIST_LINES + 3 }, (_, index) =>
      finding(`vol-${index}`, index + 1, null),
    );
    const section = wasteSection(many);
    expect(section?.findings).toHaveLength(DIGEST_LIST_LINES);
    expect(section?.more).toEqual({ count: 3, monthlyUsd: 6 });
    expect(section?.count).toBe(DIGEST_LIST_LINES + 3);
  });

  it('reads any finding kind, a new one too', () => {
    const nat = { ...finding('nat-0abc', 32.4, 'Platform'), kind: 'idle-nat-gateway' };
    expect(wasteSection([nat])?.findings[0]?.kind).toBe('idle-nat-gateway');
  });
});
