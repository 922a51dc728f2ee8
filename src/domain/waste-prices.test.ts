import { describe, expect, it } from 'vitest';
import { gp2Baseline, gp3MonthlyUsd, STORAGE_PRICE_TABLE, wasteMonthlySavings } from './waste-prices.ts';

const volume = (kind: string, region: string, sizeGb: number, volumeType: string) => ({
  kind,
  region,
  sizeGb,
  volumeType,
  iops: null,
  throughputMiBs: null,
});

describe('gp2 to gp3 at the same baseline', () => {
  it('follows gp2 IOPS at 3 per GiB between 100 and 16,000, and its throughput step at 170 GiB', () => {
    expect(gp2Baseline(20)).toEqual({ iops: 100, throughputMiBs: 128 });
    expect(gp2Baseline(2000)).toEqual({ iops: 6000, throughputMiBs: 250 });
    expect(gp2Baseline(10_000)).toEqual({ iops: 16_000, throughputMiBs: 250 });
  });

  it('prices the IOPS and throughput gp3 must add above what it includes', () => {
    const usEast = STORAGE_PRICE_TABLE['us-east-1']!;
    // 2,000 GiB: 160 + 3,000 extra IOPS x 0.005 + 125 extra MiB/s x 0.04 = 180.
    expect(gp3MonthlyUsd(usEast, { sizeGb: 2000, ...gp2Baseline(2000) })).toBeCloseTo(180, 6);
  });

  it('saves the bill less the gp3 price when the bill has the volume', () => {
    const saved = wasteMonthlySavings(volume('gp2-volume', 'us-east-1', 2000, 'gp2'), {
      monthlyUsd: 200,
      billingPeriod: '2026-11',
    });
    expect(saved).toMatchObject({ known: true, monthlyUsd: 20, basis: 'bill' });
  });

  it('uses the table on both sides without a bill line: 20 in 100 for a 1,000 GiB volume less its throughput', () => {
    const saved = wasteMonthlySavings(volume('gp2-volume', 'us-west-2', 1000, 'gp2'), null);
    expect(saved).toMatchObject({ known: true, monthlyUsd: 15, basis: 'price-table' });
    if (saved.known) expect(saved.source).toContain('2026-12-01');
  });
});

describe('wasteMonthlySavings', () => {
  it('lets the bill win over the table', () => {
    const cost = wasteMonthlySavings(volume('unattached-volume', 'us-east-1', 500, 'gp3'), {
      monthlyUsd: 41.234,
      billingPeriod: '2026-11',
    });
    expect(cost).toEqual({ known: true, monthlyUsd: 41.23, basis: 'bill', source: 'the bill for 2026-11' });
  });

  it('prices an unbilled volume and an idle address from the table of their region', () => {
    expect(wasteMonthlySavings(volume('unattached-volume', 'eu-west-1', 100, 'gp2'), null)).toMatchObject({
      monthlyUsd: 11,
      basis: 'price-table',
    });
    expect(wasteMonthlySavings(volume('idle-address', 'us-east-1', 0, ''), null)).toMatchObject({
      monthlyUsd: 3.65,
    });
  });

  it('says price unknown, with the reason, where the table has no region or the kind no list price', () => {
    const noRegion = wasteMonthlySavings(volume('unattached-volume', 'ap-south-1', 100, 'gp3'), null);
    expect(noRegion).toMatchObject({ known: false });
    if (!noRegion.known) expect(noRegion.reason).toContain('ap-south-1');
    const snapshot = wasteMonthlySavings(volume('old-snapshot', 'us-east-1', 300, ''), null);
    expect(snapshot).toMatchObject({ known: false });
    if (!snapshot.known) expect(snapshot.reason).toContain('incremental');
    expect(wasteMonthlySavings(volume('unattached-volume', 'us-east-1', 100, 'io1'), null)).toMatchObject({
      known: false,
    });
  });
});
