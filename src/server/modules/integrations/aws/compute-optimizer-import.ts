import {
  GetEBSVolumeRecommendationsCommand,
  GetEC2InstanceRecommendationsCommand,
  GetIdleRecommendationsCommand,
  type IdleRecommendation,
  type InstanceRecommendation,
  type Tag,
  type VolumeConfiguration,
  type VolumeRecommendation,
} from '@aws-sdk/client-compute-optimizer';
import {
  COMPUTE_OPTIMIZER_PERMISSIONS,
  type ImportedResourceType,
  isImportable,
  oneImportPerResource,
} from '../../../../domain/imported-recommendations.ts';
import type { AwsAccess, AwsCredentials } from '../../../aws-access.ts';
import { awsClients } from './aws-clients.ts';
import {
  type Call,
  countedCalls,
  everyPage,
  failedImport,
  type ImportedRecommendation,
  idOfArn,
  notEnrolled,
  type RecommendationImportOutcome,
} from './recommendation-import.ts';

const PAGE_SIZE = 1000;
/** GetIdleRecommendations answers at most 100 a page. */
const IDLE_PAGE_SIZE = 100;

const tagsOf = (tags: Tag[] | undefined) =>
  Object.fromEntries((tags ?? []).map((tag) => [tag.key ?? '', tag.value ?? '']));
const lastPart = (arn: string) => arn.slice(arn.lastIndexOf('/') + 1);
const volumeWords = (configuration: VolumeConfiguration | undefined) =>
  `${configuration?.volumeType ?? 'unknown'} ${configuration?.volumeSize ?? '?'} GiB`;

function fromInstance(found: InstanceRecommendation, region: string): ImportedRecommendation | null {
  const best = [...(found.recommendationOptions ?? [])].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99))[0];
  if (!best?.instanceType || !found.instanceArn) return null;
  const tags = tagsOf(found.tags);
  return {
    source: 'compute-optimizer',
    resourceType: 'instance',
    resourceId: lastPart(found.instanceArn),
    resourceArn: found.instanceArn,
    region,
    awsFinding: found.finding ?? 'Unknown',
    currentConfiguration: found.currentInstanceType ?? 'unknown',
    recommendedConfiguration: best.instanceType,
    monthlySavings: best.savingsOpportunity?.estimatedMonthlySavings?.value ?? null,
    savingsPercentage: best.savingsOpportunity?.savingsOpportunityPercentage ?? null,
    currency: best.savingsOpportunity?.estimatedMonthlySavings?.currency ?? 'USD',
    idle: found.idle === 'True',
    lookBackDays: found.lookBackPeriodInDays ?? null,
    cpuMaximum: found.utilizationMetrics?.find((metric) => metric.name === 'Cpu')?.value ?? null,
    migrationEffort: best.migrationEffort ?? null,
    tags,
  };
}

function fromVolume(found: VolumeRecommendation, region: string): ImportedRecommendation | null {
  const best = [...(found.volumeRecommendationOptions ?? [])].sort(
    (a, b) => (a.rank ?? 99) - (b.rank ?? 99),
  )[0];
  if (!best?.configuration || !found.volumeArn) return null;
  return {
    source: 'compute-optimizer',
    resourceType: 'volume',
    resourceId: lastPart(found.volumeArn),
    resourceArn: found.volumeArn,
    region,
    awsFinding: found.finding ?? 'Unknown',
    currentConfiguration: volumeWords(found.currentConfiguration),
    recommendedConfiguration: volumeWords(best.configuration),
    monthlySavings: best.savingsOpportunity?.estimatedMonthlySavings?.value ?? null,
    savingsPercentage: best.savingsOpportunity?.savingsOpportunityPercentage ?? null,
    currency: best.savingsOpportunity?.estimatedMonthlySavings?.currency ?? 'USD',
    idle: false,
    lookBackDays: found.lookBackPeriodInDays ?? null,
    cpuMaximum: null,
    migrationEffort: null,
    tags: tagsOf(found.tags),
  };
}

/** The idle resources Spendguard also judges, and what AWS recommends doing with each. */
const IDLE_TYPES: Record<string, { type: ImportedResourceType; words: string; action: 'stop' | 'delete' }> = {
  EC2Instance: { type: 'instance', words: 'EC2 instance', action: 'stop' },
  EBSVolume: { type: 'volume', words: 'EBS volume', action: 'delete' },
  RDSDBInstance: { type: 'rds-db-instance', words: 'RDS DB instance', action: 'stop' },
  NatGateway: { type: 'nat-gateway', words: 'NAT gateway', action: 'delete' },
};

function fromIdle(found: IdleRecommendation, region: string): ImportedRecommendation | null {
  const known = IDLE_TYPES[found.resourceType ?? ''];
  if (!known || !found.resourceArn) return null;
  const saving = found.savingsOpportunity;
  return {
    source: 'compute-optimizer',
    resourceType: known.type,
    resourceId: idOfArn(found.resourceArn),
    resourceArn: found.resourceArn,
    region,
    awsFinding: found.finding ?? 'Idle',
    currentConfiguration: known.words,
    recommendedConfiguration: known.action,
    monthlySavings: saving?.estimatedMonthlySavings?.value ?? null,
    savingsPercentage: saving?.savingsOpportunityPercentage ?? null,
    currency: saving?.estimatedMonthlySavings?.currency ?? 'USD',
    idle: true,
    lookBackDays: found.lookBackPeriodInDays ?? null,
    cpuMaximum: found.utilizationMetrics?.find((metric) => metric.name === 'CPU')?.value ?? null,
    migrationEffort: null,
    tags: tagsOf(found.tags),
  };
}

async function readRegion(
  client: ReturnType<typeof awsClients>['computeOptimizer'],
  region: string,
  call: Call,
): Promise<ImportedRecommendation[]> {
  const [instances, volumes, idle] = COMPUTE_OPTIMIZER_PERMISSIONS;
  const found = [
    ...(await everyPage(
      (nextToken) =>
        call(instances, () =>
          client.send(new GetEC2InstanceRecommendationsCommand({ maxResults: PAGE_SIZE, nextToken })),
        ),
      (page) => page.instanceRecommendations,
      (one) => fromInstance(one, region),
    )),
    ...(await everyPage(
      (nextToken) =>
        call(volumes, () =>
          client.send(new GetEBSVolumeRecommendationsCommand({ maxResults: PAGE_SIZE, nextToken })),
        ),
      (page) => page.volumeRecommendations,
      (one) => fromVolume(one, region),
    )),
    ...(await everyPage(
      (nextToken) =>
        call(idle, () =>
          client.send(new GetIdleRecommendationsCommand({ maxResults: IDLE_PAGE_SIZE, nextToken })),
        ),
      (page) => page.idleRecommendations,
      (one) => fromIdle(one, region),
    )),
  ];
  return oneImportPerResource(found.filter(isImportable));
}

const NOT_ENROLLED = 'OptInRequiredException';
const NOT_ENROLLED_WORDS =
  'Compute Optimizer is not turned on for this account: opt in from the Compute Optimizer console to see its recommendations here. Spendguard’s own findings are complete without it.';

/**
 * Compute Optimizer's EC2 instance, EBS volume and idle recommendations for one account, in each region
 * it uses (Compute Optimizer is regional), every page; one per resource (decision 131). An account that never opted in answers
 * OptInRequiredException in the first region: recorded as `not-enrolled`, no failure, nothing imported.
 */
export async function importComputeOptimizer(
  access: AwsAccess,
  credentials: AwsCredentials | undefined,
  regions: readonly string[],
): Promise<RecommendationImportOutcome> {
  const counter = countedCalls(COMPUTE_OPTIMIZER_PERMISSIONS[0]);
  const base = () => ({
    finder: 'computeOptimizer' as const,
    source: 'compute-optimizer' as const,
    permission: counter.permission,
    regions: regions.length,
    calls: counter.calls,
  });
  const recommendations: ImportedRecommendation[] = [];
  for (const region of regions) {
    try {
      recommendations.push(
        ...(await readRegion(awsClients(access, credentials, region).computeOptimizer, region, counter.call)),
      );
    } catch (error) {
      if ((error as { name?: string })?.name === NOT_ENROLLED)
        return notEnrolled(base(), NOT_ENROLLED_WORDS, 'cleared');
      return failedImport(base(), error, `in ${region}`);
    }
  }
  return {
    ...base(),
    permission: COMPUTE_OPTIMIZER_PERMISSIONS[0],
    state: 'ok',
    message: null,
    recommendations,
  };
}
