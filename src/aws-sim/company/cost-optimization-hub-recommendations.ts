import { COMPANY_REGIONS } from './company-profile.ts';
import {
  COMPUTE_OPTIMIZER_LOOK_BACK_DAYS,
  instanceRecommendations,
  type SimInstanceRecommendation,
  type SimVolumeRecommendation,
  volumeRecommendations,
} from './compute-optimizer-findings.ts';
import {
  type IdleSources,
  idleRecommendations,
  type SimIdleRecommendation,
} from './compute-optimizer-idle.ts';

/**
 * What Cost Optimization Hub recommends for the company: Compute Optimizer's findings gathered across
 * every region (the hub is global), as the hub words them (an action on a resource type), one per
 * resource, the largest saving kept, as AWS de-duplicates them. Its NAT gateways and Auto Scaling
 * groups have no hub recommendation; the figures are Compute Optimizer's, so the hub and Compute
 * Optimizer agree where both speak, as they do in AWS when the hub's savings preference is "before
 * discounts".
 */

export type HubResourceType = 'Ec2Instance' | 'EbsVolume' | 'RdsDbInstance';
export type HubAction = 'Stop' | 'Delete' | 'Rightsize' | 'MigrateToGraviton' | 'Upgrade';

export interface SimHubRecommendation {
  recommendationId: string;
  accountId: string;
  region: string;
  resourceId: string;
  resourceArn: string;
  resourceType: HubResourceType;
  actionType: HubAction;
  currentSummary: string;
  recommendedSummary: string;
  monthlySavingsUsd: number;
  savingsPercentage: number;
  implementationEffort: 'VeryLow' | 'Low' | 'Medium' | 'High';
  restartNeeded: boolean;
  rollbackPossible: boolean;
  lookBackDays: number;
}

const isGraviton = (instanceType: string) => /^[a-z]+\d+g[a-z]*$/.test(instanceType.split('.')[0] ?? '');
const idOf = (accountId: string, resourceId: string, action: HubAction) =>
  Buffer.from(`${accountId}_${resourceId}_${action}`).toString('base64url');
const round2 = (value: number) => Math.round(value * 100) / 100;

function fromInstance(found: SimInstanceRecommendation): SimHubRecommendation | null {
  const best = [...found.options].sort((a, b) => a.rank - b.rank)[0];
  if (!best) return null;
  const { instance } = found;
  const actionType: HubAction =
    isGraviton(best.instanceType) && !isGraviton(instance.instanceType)
      ? 'MigrateToGraviton'
      : found.finding === 'Overprovisioned'
        ? 'Rightsize'
        : 'Upgrade';
  return {
    recommendationId: idOf(instance.accountId, instance.instanceId, actionType),
    accountId: instance.accountId,
    region: instance.region,
    resourceId: instance.instanceId,
    resourceArn: `arn:aws:ec2:${instance.region}:${instance.accountId}:instance/${instance.instanceId}`,
    resourceType: 'Ec2Instance',
    actionType,
    currentSummary: instance.instanceType,
    recommendedSummary: best.instanceType,
    monthlySavingsUsd: best.monthlySavingsUsd,
    savingsPercentage: best.savingsPercentage,
    implementationEffort: best.migrationEffort,
    restartNeeded: true,
    rollbackPossible: true,
    lookBackDays: COMPUTE_OPTIMIZER_LOOK_BACK_DAYS,
  };
}

function fromVolume(found: SimVolumeRecommendation): SimHubRecommendation {
  const { volume } = found;
  return {
    recommendationId: idOf(volume.accountId, volume.volumeId, 'Upgrade'),
    accountId: volume.accountId,
    region: volume.region,
    resourceId: volume.volumeId,
    resourceArn: `arn:aws:ec2:${volume.region}:${volume.accountId}:volume/${volume.volumeId}`,
    resourceType: 'EbsVolume',
    actionType: 'Upgrade',
    currentSummary: `gp2 ${volume.sizeGb} GiB`,
    recommendedSummary: `gp3 ${volume.sizeGb} GiB`,
    monthlySavingsUsd: found.monthlySavingsUsd,
    savingsPercentage: found.savingsPercentage,
    implementationEffort: 'VeryLow',
    restartNeeded: false,
    rollbackPossible: true,
    lookBackDays: COMPUTE_OPTIMIZER_LOOK_BACK_DAYS,
  };
}

const IDLE_AS_HUB: Partial<Record<SimIdleRecommendation['resourceType'], [HubResourceType, HubAction]>> = {
  EC2Instance: ['Ec2Instance', 'Stop'],
  EBSVolume: ['EbsVolume', 'Delete'],
  RDSDBInstance: ['RdsDbInstance', 'Stop'],
};

function fromIdle(found: SimIdleRecommendation): SimHubRecommendation | null {
  const hub = IDLE_AS_HUB[found.resourceType];
  if (!hub || found.monthlySavingsUsd === null) return null;
  const [resourceType, actionType] = hub;
  return {
    recommendationId: idOf(found.accountId, found.resourceId, actionType),
    accountId: found.accountId,
    region: found.region,
    resourceId: found.resourceId,
    resourceArn: found.resourceArn,
    resourceType,
    actionType,
    currentSummary: found.resourceId,
    recommendedSummary: actionType,
    monthlySavingsUsd: round2(found.monthlySavingsUsd),
    savingsPercentage: 100,
    implementationEffort: actionType === 'Delete' ? 'Low' : 'VeryLow',
    restartNeeded: false,
    rollbackPossible: actionType === 'Stop',
    lookBackDays: found.lookBackDays,
  };
}

export interface HubSources extends IdleSources {}

/** One account's hub recommendations in every company region, one per resource, by resource ARN. */
export function hubRecommendations(
  sources: HubSources,
  accountId: string,
  nowMs: number,
): SimHubRecommendation[] {
  const found: SimHubRecommendation[] = [];
  for (const region of Object.keys(COMPANY_REGIONS)) {
    for (const one of instanceRecommendations(sources.fleet, accountId, region, nowMs)) {
      const hub = fromInstance(one);
      if (hub) found.push(hub);
    }
    found.push(...volumeRecommendations(sources.volumes, accountId, region, nowMs).map(fromVolume));
    for (const one of idleRecommendations(sources, accountId, region, nowMs)) {
      const hub = fromIdle(one);
      if (hub) found.push(hub);
    }
  }
  const kept = new Map<string, SimHubRecommendation>();
  for (const one of found) {
    const held = kept.get(one.resourceArn);
    if (!held || one.monthlySavingsUsd > held.monthlySavingsUsd) kept.set(one.resourceArn, one);
  }
  return [...kept.values()].sort((a, b) => a.resourceArn.localeCompare(b.resourceArn));
}
