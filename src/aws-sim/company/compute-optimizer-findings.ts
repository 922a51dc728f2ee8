import { pricedInstanceType, pricedInstanceTypes } from '../../catalog/ec2-instance-catalog.ts';
import { ACCOUNTS, COMPANY_REGIONS, type CompanyRegion } from './company-profile.ts';
import type { FleetInstance } from './fleet.ts';
import { DAY_MS } from './timeline.ts';
import type { SimVolume } from './waste.ts';

/**
 * What AWS Compute Optimizer says about the company, derived from the same fleet and volumes the bill
 * and the describe calls show: an oversized or idle instance one size down, a previous-generation
 * instance on its current generation, the web tier and the Kafka brokers on Graviton (which Spendguard's
 * own rules never suggest for a busy instance), and every attached gp2 volume on
 * gp3 at its baseline. Savings are On-Demand list prices x 730 hours (as Compute Optimizer estimates),
 * scaled by the region's price factor, so they sit near the bill's figures but not on them.
 */

const HOURS_PER_MONTH = 730;
/** Compute Optimizer needs 30 hours of metrics; it looks back 14 days by default. */
const LOOK_BACK_DAYS = 14;
const MIN_HISTORY_MS = 30 * 3_600_000;
const SIZES = ['nano', 'micro', 'small', 'medium', 'large', 'xlarge', '2xlarge', '4xlarge', '8xlarge'];
/** The current generation of each previous-generation family the company still runs. */
const CURRENT_GENERATION: Record<string, string> = { m4: 'm5', c4: 'c5', r4: 'r5', t2: 't3' };
/** Graviton twins Compute Optimizer offers beside the current architecture. */
const GRAVITON: Record<string, string> = { m5: 'm6g', r6i: 'r6g', m6i: 'm6g', c6i: 'c6g' };
const VOLUME_USD_PER_GB_MONTH = { gp2: 0.1, gp3: 0.08 } as const;

export interface SimInstanceRecommendation {
  instance: FleetInstance;
  finding: 'Overprovisioned' | 'Optimized';
  reasons: string[];
  idle: boolean;
  cpuMaximum: number;
  options: Array<{
    instanceType: string;
    rank: number;
    monthlySavingsUsd: number;
    savingsPercentage: number;
    migrationEffort: 'VeryLow' | 'Low' | 'Medium' | 'High';
  }>;
}

export interface SimVolumeRecommendation {
  volume: SimVolume;
  monthlySavingsUsd: number;
  savingsPercentage: number;
}

const factorOf = (region: string) => COMPANY_REGIONS[region as CompanyRegion]?.priceFactor ?? 1;
const round2 = (value: number) => Math.round(value * 100) / 100;

const isPriced = (instanceType: string) => pricedInstanceTypes().some((spec) => spec.type === instanceType);

/** The next smaller size of the family that exists (m5 has no medium: m5.large has none below it). */
function oneSizeDown(instanceType: string): string | null {
  const [family, size] = instanceType.split('.');
  const index = SIZES.indexOf(size ?? '');
  if (!family || index <= 0) return null;
  const smaller = `${family}.${SIZES[index - 1]}`;
  return isPriced(smaller) ? smaller : null;
}

function option(instance: FleetInstance, instanceType: string, rank: number, effort: 'VeryLow' | 'Medium') {
  const current = pricedInstanceType(instance.instanceType).hourlyPriceUsd;
  const target = pricedInstanceType(instanceType).hourlyPriceUsd;
  const factor = factorOf(instance.region);
  return {
    instanceType,
    rank,
    monthlySavingsUsd: round2(Math.max(0, current - target) * HOURS_PER_MONTH * factor),
    savingsPercentage: round2((Math.max(0, current - target) / current) * 100),
    migrationEffort: effort,
  };
}

/** What Compute Optimizer recommends for one instance it has enough history for. */
export function instanceRecommendation(instance: FleetInstance): SimInstanceRecommendation {
  const [family = '', size = ''] = instance.instanceType.split('.');
  const base = { instance, idle: instance.plant === 'idle', cpuMaximum: instance.cpuPeak };
  if (instance.plant === 'oversized' || instance.plant === 'idle') {
    const smaller = oneSizeDown(instance.instanceType);
    return {
      ...base,
      finding: 'Overprovisioned',
      reasons: ['CPUOverprovisioned'],
      options: smaller ? [option(instance, smaller, 1, 'VeryLow')] : [],
    };
  }
  const newer = CURRENT_GENERATION[family];
  if (newer && isPriced(`${newer}.${size}`)) {
    return {
      ...base,
      finding: 'Optimized',
      reasons: [],
      options: [option(instance, `${newer}.${size}`, 1, 'VeryLow')],
    };
  }
  const graviton = GRAVITON[family];
  if (graviton && isPriced(`${graviton}.${size}`)) {
    return {
      ...base,
      finding: 'Optimized',
      reasons: [],
      options: [option(instance, `${graviton}.${size}`, 1, 'Medium')],
    };
  }
  return { ...base, finding: 'Optimized', reasons: [], options: [] };
}

/** Instances running long enough for Compute Optimizer to judge them, in one account and region. */
export function instanceRecommendations(
  fleet: FleetInstance[],
  accountId: string,
  region: string,
  nowMs: number,
): SimInstanceRecommendation[] {
  return fleet
    .filter(
      (instance) =>
        instance.accountId === accountId &&
        instance.region === region &&
        instance.plant !== 'autoscaling' &&
        (instance.stoppedAt === undefined || instance.stoppedAt > nowMs) &&
        nowMs - instance.launchTime > MIN_HISTORY_MS,
    )
    .map(instanceRecommendation);
}

/** Attached gp2 volumes on gp3 at the same size and baseline: 20% less per GB-month. */
export function volumeRecommendations(
  volumes: SimVolume[],
  accountId: string,
  region: string,
  nowMs: number,
): SimVolumeRecommendation[] {
  return volumes
    .filter(
      (volume) =>
        volume.accountId === accountId &&
        volume.region === region &&
        volume.attachedTo !== undefined &&
        (volume.deletedAt === undefined || volume.deletedAt > nowMs) &&
        volume.volumeType === 'gp2' &&
        nowMs - volume.createTime > MIN_HISTORY_MS,
    )
    .map((volume) => {
      const perGb = VOLUME_USD_PER_GB_MONTH.gp2 - VOLUME_USD_PER_GB_MONTH.gp3;
      return {
        volume,
        monthlySavingsUsd: round2(volume.sizeGb * perGb * factorOf(volume.region)),
        savingsPercentage: round2((perGb / VOLUME_USD_PER_GB_MONTH.gp2) * 100),
      };
    });
}

/**
 * The accounts that turned one of AWS's recommendation services on: staging never turned on Compute
 * Optimizer nor Cost Optimization Hub, so its sync says "not turned on" for both.
 */
export class ServiceEnrollment {
  private readonly enrolled = new Set<string>([ACCOUNTS.prod.id, ACCOUNTS.data.id]);

  isEnrolled(accountId: string): boolean {
    return this.enrolled.has(accountId);
  }

  set(accountId: string, enrolled: boolean): void {
    if (enrolled) this.enrolled.add(accountId);
    else this.enrolled.delete(accountId);
  }
}

export const COMPUTE_OPTIMIZER_LOOK_BACK_DAYS = LOOK_BACK_DAYS;
export const lastRefreshOf = (nowMs: number) => new Date(Math.floor(nowMs / DAY_MS) * DAY_MS);
