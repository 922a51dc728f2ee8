import { jitter } from './seeded-random.ts';
import { addUtcMonths, DAY_MS, startOfUtcMonth } from './timeline.ts';

/**
 * How spend moves over time. Everything is measured from the anchor day (the simulator's start day),
 * so the planted events sit "a few days ago" whenever the demo is started, and stay put while it runs.
 */
export interface SpendShape {
  anchorDay: number;
}

const MONTH_MS = 30.44 * DAY_MS;

/** About 1.5% growth a month: a year ago the company spent roughly 80% of what it spends now. */
export function growthFactor(shape: SpendShape, dayMs: number): number {
  return 1 + (0.015 * (dayMs - shape.anchorDay)) / MONTH_MS;
}

/** Request-driven services slow down at weekends. */
export function weekdayFactor(dayMs: number): number {
  const weekday = new Date(dayMs).getUTCDay();
  return weekday === 0 || weekday === 6 ? 0.72 : 1;
}

export function dailyNoise(key: string): number {
  return jitter(key, 0.08);
}

export interface PlantedSpike {
  description: string;
  productCode: string;
  usageTypeSuffix: string;
  resourceName: string;
  days: number[];
  multiplier: number;
}

/**
 * Two spikes: NAT gateway data processing a few days before the anchor (the current month's anomaly)
 * and an Athena full-table scan in an earlier month.
 */
export function plantedSpikes(shape: SpendShape): PlantedSpike[] {
  const earlierMonth = addUtcMonths(startOfUtcMonth(shape.anchorDay), -4);
  return [
    {
      description: 'NAT gateway data processing: a misrouted backup job pushed traffic through the NAT',
      productCode: 'AmazonEC2',
      usageTypeSuffix: 'NatGateway-Bytes',
      resourceName: 'prod-nat-a',
      days: [4, 3, 2].map((back) => shape.anchorDay - back * DAY_MS),
      multiplier: 16,
    },
    {
      description: 'Athena: an ad-hoc query scanned the unpartitioned clickstream table in a loop',
      productCode: 'AmazonAthena',
      usageTypeSuffix: 'DataScannedInTB',
      resourceName: 'analytics-adhoc',
      days: [10, 11].map((offset) => earlierMonth + offset * DAY_MS),
      multiplier: 30,
    },
  ];
}

export function spikeMultiplier(
  spikes: PlantedSpike[],
  resourceName: string,
  usageType: string,
  dayMs: number,
): number {
  for (const spike of spikes) {
    if (spike.resourceName === resourceName && usageType.endsWith(spike.usageTypeSuffix)) {
      if (spike.days.includes(dayMs)) return spike.multiplier;
    }
  }
  return 1;
}
