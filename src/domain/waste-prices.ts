/**
 * What a waste finding costs a month: the bill's figure for the resource when it is there (the bill
 * wins), else a dated list-price table with its source, else "price unknown" with the reason, never $0
 * (decision 101).
 */

import { HOURS_PER_MONTH, roundToCents } from './money.ts';

export interface StoragePrices {
  /** USD per GB-month by volume type. */
  volumeGbMonth: Partial<Record<string, number>>;
  /** gp3 IOPS above the 3,000 included, USD per IOPS-month; throughput above 125 MiB/s, per MiB/s-month. */
  gp3IopsMonth: number;
  gp3ThroughputMonth: number;
  snapshotGbMonth: number;
  publicIpv4Hour: number;
}

export const PRICE_TABLE_DATE = '2026-12-01';
export const PRICE_TABLE_SOURCE =
  'AWS list prices on aws.amazon.com/ebs/pricing and aws.amazon.com/vpc/pricing (public IPv4, $0.005/h since 2024-02-01)';

const US_PRICES: StoragePrices = {
  volumeGbMonth: { gp2: 0.1, gp3: 0.08, io1: 0.125, io2: 0.125, st1: 0.045, sc1: 0.015, standard: 0.05 },
  gp3IopsMonth: 0.005,
  gp3ThroughputMonth: 0.04,
  snapshotGbMonth: 0.05,
  publicIpv4Hour: 0.005,
};

/** On-demand list prices by region, as of PRICE_TABLE_DATE; a region not here has no table price. */
export const STORAGE_PRICE_TABLE: Record<string, StoragePrices> = {
  'us-east-1': US_PRICES,
  'us-east-2': US_PRICES,
  'us-west-2': US_PRICES,
  'eu-west-1': {
    volumeGbMonth: { gp2: 0.11, gp3: 0.088, io1: 0.138, io2: 0.138, st1: 0.05, sc1: 0.0168, standard: 0.055 },
    gp3IopsMonth: 0.0055,
    gp3ThroughputMonth: 0.044,
    snapshotGbMonth: 0.05,
    publicIpv4Hour: 0.005,
  },
  'eu-central-1': {
    volumeGbMonth: {
      gp2: 0.119,
      gp3: 0.0952,
      io1: 0.149,
      io2: 0.149,
      st1: 0.054,
      sc1: 0.018,
      standard: 0.059,
    },
    gp3IopsMonth: 0.006,
    gp3ThroughputMonth: 0.048,
    snapshotGbMonth: 0.054,
    publicIpv4Hour: 0.005,
  },
};

const GP3_INCLUDED_IOPS = 3_000;
const GP3_INCLUDED_THROUGHPUT = 125;

/** gp2's baseline: 3 IOPS per GiB between 100 and 16,000; 128 MiB/s up to 170 GiB, 250 MiB/s above. */
export function gp2Baseline(sizeGb: number): { iops: number; throughputMiBs: number } {
  return {
    iops: Math.min(16_000, Math.max(100, 3 * sizeGb)),
    throughputMiBs: sizeGb <= 170 ? 128 : 250,
  };
}

/** A gp3 volume's month: its size, plus the IOPS and throughput provisioned above what gp3 includes. */
export function gp3MonthlyUsd(
  prices: StoragePrices,
  volume: { sizeGb: number; iops: number; throughputMiBs: number },
): number | null {
  const perGb = prices.volumeGbMonth.gp3;
  if (perGb === undefined) return null;
  return (
    volume.sizeGb * perGb +
    Math.max(0, volume.iops - GP3_INCLUDED_IOPS) * prices.gp3IopsMonth +
    Math.max(0, volume.throughputMiBs - GP3_INCLUDED_THROUGHPUT) * prices.gp3ThroughputMonth
  );
}

function volumeMonthlyUsd(
  prices: StoragePrices,
  volume: { sizeGb: number; volumeType: string; iops: number | null; throughputMiBs: number | null },
): number | null {
  if (volume.volumeType === 'gp3')
    return gp3MonthlyUsd(prices, {
      sizeGb: volume.sizeGb,
      iops: volume.iops ?? GP3_INCLUDED_IOPS,
      throughputMiBs: volume.throughputMiBs ?? GP3_INCLUDED_THROUGHPUT,
    });
  const perGb = prices.volumeGbMonth[volume.volumeType];
  // io1/io2 also bill provisioned IOPS: the table does not price them, so no figure rather than half of one.
  if (perGb === undefined || volume.volumeType === 'io1' || volume.volumeType === 'io2') return null;
  return volume.sizeGb * perGb;
}

export type WasteCost =
  | { known: true; monthlyUsd: number; basis: 'bill' | 'price-table'; source: string }
  | { known: false; reason: string };

/** The resource's cost on the bill: one complete billing period it was billed for in full. */
export interface BilledMonth {
  monthlyUsd: number;
  billingPeriod: string;
}

export interface PricedFinding {
  kind: string;
  region: string;
  sizeGb: number | null;
  volumeType: string | null;
  iops: number | null;
  throughputMiBs: number | null;
}

const tableSource = (region: string) =>
  `list price for ${region} as of ${PRICE_TABLE_DATE} (${PRICE_TABLE_SOURCE})`;
export const billSource = (billed: BilledMonth) => `the bill for ${billed.billingPeriod}`;
export const fromBill = (billed: BilledMonth): WasteCost => ({
  known: true,
  monthlyUsd: roundToCents(billed.monthlyUsd),
  basis: 'bill',
  source: billSource(billed),
});
export const fromTable = (monthlyUsd: number, region: string, source = tableSource(region)): WasteCost => ({
  known: true,
  monthlyUsd: roundToCents(monthlyUsd),
  basis: 'price-table',
  source,
});

/**
 * What acting on the finding saves a month. Deleting a volume, snapshot or address saves what it costs;
 * moving gp2 to gp3 saves the difference at the same size, IOPS and throughput.
 */
export function wasteMonthlySavings(finding: PricedFinding, billed: BilledMonth | null): WasteCost {
  const prices = STORAGE_PRICE_TABLE[finding.region];
  const noTable = `no bill line for it yet, and the price table (${PRICE_TABLE_DATE}) has no prices for ${finding.region}`;
  switch (finding.kind) {
    case 'unattached-volume': {
      if (billed) return fromBill(billed);
      const usd =
        prices && finding.sizeGb !== null && finding.volumeType !== null
          ? volumeMonthlyUsd(prices, {
              sizeGb: finding.sizeGb,
              volumeType: finding.volumeType,
              iops: finding.iops,
              throughputMiBs: finding.throughputMiBs,
            })
          : null;
      if (usd !== null) return fromTable(usd, finding.region);
      return {
        known: false,
        reason: prices
          ? `no bill line for it yet, and the price table does not price ${finding.volumeType} volumes`
          : noTable,
      };
    }
    case 'gp2-volume': {
      if (!prices || finding.sizeGb === null) return { known: false, reason: noTable };
      const baseline = gp2Baseline(finding.sizeGb);
      const gp3 = gp3MonthlyUsd(prices, { sizeGb: finding.sizeGb, ...baseline });
      const gp2 = billed?.monthlyUsd ?? (prices.volumeGbMonth.gp2 ?? 0) * finding.sizeGb;
      if (gp3 === null) return { known: false, reason: noTable };
      return {
        known: true,
        monthlyUsd: roundToCents(Math.max(0, gp2 - gp3)),
        basis: billed ? 'bill' : 'price-table',
        source: billed
          ? `${billSource(billed)} less the gp3 ${tableSource(finding.region)}`
          : tableSource(finding.region),
      };
    }
    case 'old-snapshot':
      if (billed) return fromBill(billed);
      return {
        known: false,
        reason:
          'no bill line for it yet, and snapshots are incremental: DescribeSnapshots gives the volume size, not the bytes the snapshot stores',
      };
    case 'idle-address':
      if (billed) return fromBill(billed);
      if (!prices) return { known: false, reason: noTable };
      return fromTable(prices.publicIpv4Hour * HOURS_PER_MONTH, finding.region);
    default:
      return { known: false, reason: `no price rule for ${finding.kind}` };
  }
}
