import { ACCOUNTS, type AccountKey, type CompanyRegion } from './company-profile.ts';
import type { ResourceTags } from './line-item.ts';
import { hexFor } from './seeded-random.ts';
import { DAY_MS } from './timeline.ts';

/** What an instance is planted as, so tests and the demo know what the rules should find. */
export type InstancePlant = 'healthy' | 'idle' | 'oversized' | 'stopped' | 'gpu' | 'autoscaling';

export interface InstanceBehaviour {
  /** Typical hourly average CPU (percent) and the highest hourly maximum it reaches. */
  cpuAverage: number;
  cpuPeak: number;
  /** Bytes in per hour; out is about 70% of it. */
  networkBytesPerHour: number;
  /** CWAgent mem_used_percent, only for instances running the CloudWatch agent. */
  memoryUsedPercent?: number;
}

interface InstanceSpec extends InstanceBehaviour {
  name: string;
  account: AccountKey;
  region: CompanyRegion;
  instanceType: string;
  plant: InstancePlant;
  note: string;
  launchedDaysBeforeAnchor: number;
  stoppedDaysBeforeAnchor?: number;
  autoScalingGroup?: string;
  savingsPlanCovered?: boolean;
  team: string;
  project: string;
  volumeGb: number;
}

export interface FleetInstance extends InstanceSpec {
  instanceId: string;
  accountId: string;
  availabilityZone: string;
  imageId: string;
  volumeId: string;
  vpcId: string;
  subnetId: string;
  privateIpAddress: string;
  launchTime: number;
  stoppedAt?: number;
  /** Terminated (its Auto Scaling group scaled in): it stays terminated and bills nothing from `stoppedAt`. */
  terminated?: boolean;
  tags: ResourceTags;
  /** Tags added through EC2 CreateTags (or a test's knob): `spendguard:protect`, `Owner`... */
  extraTags?: Record<string, string>;
  /** A state between two others that a test holds the instance in: EC2 refuses some calls then. */
  transitionalState?: 'pending' | 'stopping';
}

const GB = 1_000_000_000;

// biome-ignore format: one instance per line reads as an inventory table
const SPECS: InstanceSpec[] = [
  { name: 'web-prod-1', account: 'prod', region: 'us-east-1', instanceType: 'm5.xlarge', plant: 'healthy', note: 'web tier, covered by the Compute Savings Plan', launchedDaysBeforeAnchor: 610, savingsPlanCovered: true, team: 'web', project: 'storefront', volumeGb: 100, cpuAverage: 42, cpuPeak: 86, networkBytesPerHour: 2.4 * GB },
  { name: 'web-prod-2', account: 'prod', region: 'us-east-1', instanceType: 'm5.xlarge', plant: 'healthy', note: 'web tier, covered by the Compute Savings Plan', launchedDaysBeforeAnchor: 610, savingsPlanCovered: true, team: 'web', project: 'storefront', volumeGb: 100, cpuAverage: 40, cpuPeak: 83, networkBytesPerHour: 2.2 * GB },
  { name: 'api-prod', account: 'prod', region: 'us-east-1', instanceType: 'c6i.2xlarge', plant: 'autoscaling', note: 'API server launched by the api-prod-asg Auto Scaling group, covered by the Savings Plan', launchedDaysBeforeAnchor: 480, autoScalingGroup: 'api-prod-asg', savingsPlanCovered: true, team: 'payments', project: 'checkout', volumeGb: 80, cpuAverage: 51, cpuPeak: 88, networkBytesPerHour: 3.1 * GB, memoryUsedPercent: 58 },
  { name: 'batch-legacy', account: 'prod', region: 'us-east-1', instanceType: 'm5.4xlarge', plant: 'oversized', note: 'nightly batch host: CPU p99.5 about 10% on 16 vCPUs, memory 24%', launchedDaysBeforeAnchor: 900, team: 'data', project: 'ledger', volumeGb: 500, cpuAverage: 5.5, cpuPeak: 10, networkBytesPerHour: 0.35 * GB, memoryUsedPercent: 24 },
  { name: 'cache-warmer', account: 'prod', region: 'us-east-1', instanceType: 'r5.2xlarge', plant: 'oversized', note: 'memory-optimized host using 15% of its 64 GiB', launchedDaysBeforeAnchor: 700, team: 'web', project: 'storefront', volumeGb: 120, cpuAverage: 11, cpuPeak: 27, networkBytesPerHour: 0.6 * GB, memoryUsedPercent: 15 },
  { name: 'worker-prod-1', account: 'prod', region: 'us-east-1', instanceType: 'c5.2xlarge', plant: 'healthy', note: 'queue worker', launchedDaysBeforeAnchor: 520, team: 'payments', project: 'ledger', volumeGb: 60, cpuAverage: 47, cpuPeak: 91, networkBytesPerHour: 0.9 * GB },
  { name: 'jenkins-old', account: 'prod', region: 'us-east-1', instanceType: 't3.large', plant: 'idle', note: 'forgotten CI server: CPU max under 2.5%, a few hundred KB of traffic a day', launchedDaysBeforeAnchor: 800, team: 'platform', project: 'internal-tools', volumeGb: 200, cpuAverage: 0.6, cpuPeak: 2.2, networkBytesPerHour: 12_000 },
  { name: 'old-bastion', account: 'prod', region: 'us-east-1', instanceType: 't3.small', plant: 'stopped', note: 'stopped 35 days before the anchor day; its volume is still billed', launchedDaysBeforeAnchor: 1000, stoppedDaysBeforeAnchor: 35, team: 'platform', project: 'internal-tools', volumeGb: 30, cpuAverage: 1.5, cpuPeak: 6, networkBytesPerHour: 50_000 },
  { name: 'eu-web-1', account: 'prod', region: 'eu-west-1', instanceType: 'c6g.large', plant: 'healthy', note: 'EU web tier on Graviton', launchedDaysBeforeAnchor: 450, team: 'web', project: 'storefront', volumeGb: 40, cpuAverage: 38, cpuPeak: 79, networkBytesPerHour: 1.1 * GB },
  { name: 'graviton-worker', account: 'prod', region: 'eu-west-1', instanceType: 'm6g.2xlarge', plant: 'oversized', note: 'ARM worker peaking at 18% CPU on 8 vCPUs', launchedDaysBeforeAnchor: 430, team: 'growth', project: 'recommendations', volumeGb: 80, cpuAverage: 8, cpuPeak: 18, networkBytesPerHour: 0.4 * GB },
  { name: 'reporting-sandbox', account: 'prod', region: 'eu-west-1', instanceType: 'm5.large', plant: 'idle', note: 'sandbox left running after a proof of concept by its Auto Scaling group of one (a stopped instance comes back): CPU max under 1.5%', launchedDaysBeforeAnchor: 150, autoScalingGroup: 'reporting-sandbox-asg', team: 'growth', project: 'analytics', volumeGb: 50, cpuAverage: 0.4, cpuPeak: 1.4, networkBytesPerHour: 8_000 },
  { name: 'staging-app', account: 'staging', region: 'us-east-1', instanceType: 't3.medium', plant: 'healthy', note: 'staging app server', launchedDaysBeforeAnchor: 400, team: 'web', project: 'storefront', volumeGb: 40, cpuAverage: 22, cpuPeak: 64, networkBytesPerHour: 0.15 * GB },
  { name: 'staging-worker', account: 'staging', region: 'us-east-1', instanceType: 't3.large', plant: 'healthy', note: 'staging queue worker', launchedDaysBeforeAnchor: 400, team: 'payments', project: 'checkout', volumeGb: 40, cpuAverage: 25, cpuPeak: 70, networkBytesPerHour: 0.1 * GB },
  { name: 'kafka-broker-1', account: 'data', region: 'us-west-2', instanceType: 'r6i.xlarge', plant: 'healthy', note: 'Kafka broker, memory 68%', launchedDaysBeforeAnchor: 560, team: 'data', project: 'analytics', volumeGb: 1000, cpuAverage: 33, cpuPeak: 72, networkBytesPerHour: 4.5 * GB, memoryUsedPercent: 68 },
  { name: 'kafka-broker-2', account: 'data', region: 'us-west-2', instanceType: 'r6i.xlarge', plant: 'healthy', note: 'Kafka broker, memory 66%', launchedDaysBeforeAnchor: 560, team: 'data', project: 'analytics', volumeGb: 1000, cpuAverage: 31, cpuPeak: 70, networkBytesPerHour: 4.3 * GB, memoryUsedPercent: 66 },
  { name: 'etl-worker', account: 'data', region: 'us-west-2', instanceType: 'c5.2xlarge', plant: 'healthy', note: 'ETL worker', launchedDaysBeforeAnchor: 500, team: 'data', project: 'analytics', volumeGb: 200, cpuAverage: 44, cpuPeak: 95, networkBytesPerHour: 1.6 * GB },
  { name: 'ml-training', account: 'data', region: 'us-east-1', instanceType: 'g5.xlarge', plant: 'gpu', note: 'GPU training box (1 NVIDIA A10G) launched 75 days before the anchor', launchedDaysBeforeAnchor: 75, team: 'data', project: 'recommendations', volumeGb: 300, cpuAverage: 28, cpuPeak: 66, networkBytesPerHour: 0.8 * GB },
  { name: 'legacy-reports', account: 'prod', region: 'us-east-1', instanceType: 'm4.xlarge', plant: 'healthy', note: 'reporting host still on a previous-generation type (m4): m5.xlarge does the same for less', launchedDaysBeforeAnchor: 1100, team: 'growth', project: 'reporting', volumeGb: 100, cpuAverage: 34, cpuPeak: 71, networkBytesPerHour: 0.5 * GB },
];

const ZONE_LETTERS = ['a', 'b', 'c'];

function placeInstance(spec: InstanceSpec, index: number, anchorDay: number): FleetInstance {
  const account = ACCOUNTS[spec.account];
  const key = `${account.id}/${spec.region}/${spec.name}`;
  const network = `${account.id}/${spec.region}`;
  const tags: ResourceTags = {
    team: spec.team,
    project: spec.project,
    env: spec.account === 'staging' ? 'staging' : 'production',
  };
  return {
    ...spec,
    instanceId: `i-0${hexFor(`instance:${key}`, 16)}`,
    accountId: account.id,
    availabilityZone: `${spec.region}${ZONE_LETTERS[index % ZONE_LETTERS.length]}`,
    imageId: `ami-0${hexFor(`image:${spec.region}:${spec.instanceType.split('.')[0]}`, 16)}`,
    volumeId: `vol-0${hexFor(`volume:${key}`, 16)}`,
    vpcId: `vpc-0${hexFor(`vpc:${network}`, 16)}`,
    subnetId: `subnet-0${hexFor(`subnet:${network}:${index % 3}`, 16)}`,
    privateIpAddress: `10.${Object.keys(ACCOUNTS).indexOf(spec.account)}.${(index % 3) * 16}.${20 + index}`,
    launchTime: anchorDay - spec.launchedDaysBeforeAnchor * DAY_MS + 9 * 3_600_000 + index * 97_000,
    stoppedAt:
      spec.stoppedDaysBeforeAnchor === undefined
        ? undefined
        : anchorDay - spec.stoppedDaysBeforeAnchor * DAY_MS + 14 * 3_600_000,
    tags,
  };
}

export function buildFleet(anchorDay: number): FleetInstance[] {
  return SPECS.map((spec, index) => placeInstance(spec, index, anchorDay));
}

/** Whether the instance was running at any moment of [from, to). */
export function isRunningDuring(instance: FleetInstance, from: number, to: number): boolean {
  return instance.launchTime < to && (instance.stoppedAt === undefined || instance.stoppedAt > from);
}

/** Running hours of the instance inside [from, to). */
export function runningHours(instance: FleetInstance, from: number, to: number): number {
  const start = Math.max(from, instance.launchTime);
  const end = Math.min(to, instance.stoppedAt ?? to);
  return end > start ? (end - start) / 3_600_000 : 0;
}
