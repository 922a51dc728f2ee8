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
  type ImportedRecommendationFacts,
  type ImportedResourceType,
  isImportable,
  oneImportPerResource,
} from '../../../../domain/imported-recommendations.ts';
import type { AwsAccess, AwsCredentials } from '../../../aws-access.ts';
import { awsClients } from './aws-clients.ts';
import { type AwsAccessError, callFailure } from './aws-failure.ts';

/** The import's row among the finders' states (`waste_finder_states`). */
export const COMPUTE_OPTIMIZER_FINDER = 'computeOptimizer';

const PAGE_SIZE = 1000;
/** GetIdleRecommendations answers at most 100 a page. */
const IDLE_PAGE_SIZE = 100;

export interface ImportedRecommendation extends ImportedRecommendationFacts {
  resourceId: string;
  resourceArn: string;
  region: string;
  currency: string;
  tags: Record<string, string>;
}

export interface RecommendationImportOutcome {
  finder: typeof COMPUTE_OPTIMIZER_FINDER;
  permission: string;
  /** `not-enrolled`: the account never opted in to Compute Optimizer, which is no failure. */
  state: 'ok' | 'not-enrolled' | 'missing-permission' | 'throttled' | 'failed';
  message: string | null;
  regions: number;
  calls: number;
  /** What it recommends, savings only; null when the import could not finish (the previous stays). */
  recommendations: ImportedRecommendation[] | null;
}

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

/** The id Spendguard knows a resource by: the ARN's last part (`db:name` for RDS, `volume/vol-…` for EC2). */
const idOfArn = (arn: string) => arn.slice(Math.max(arn.lastIndexOf('/'), arn.lastIndexOf(':')) + 1);

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

type Call = <T>(permission: string, send: () => Promise<T>) => Promise<T>;

/** Every page of one list call, each item read into an import (or skipped). */
async function everyPage<P extends { nextToken?: string }, I>(
  fetchPage: (token: string | undefined) => Promise<P>,
  items: (page: P) => I[] | undefined,
  read: (item: I) => ImportedRecommendation | null,
): Promise<ImportedRecommendation[]> {
  const found: ImportedRecommendation[] = [];
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    for (const item of items(page) ?? []) {
      const imported = read(item);
      if (imported) found.push(imported);
    }
    token = page.nextToken;
  } while (token);
  return found;
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

function failureState(
  error: unknown,
  failure: AwsAccessError,
): Pick<RecommendationImportOutcome, 'state' | 'message'> {
  if ((error as { name?: string })?.name === NOT_ENROLLED)
    return {
      state: 'not-enrolled',
      message:
        'Compute Optimizer is not turned on for this account: opt in from the Compute Optimizer console to see its recommendations here. Spendguard’s own findings are complete without it.',
    };
  if (failure.code === 'MissingPermission') return { state: 'missing-permission', message: failure.message };
  if (failure.code === 'Throttled') return { state: 'throttled', message: failure.message };
  return { state: 'failed', message: failure.message };
}

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
  let calls = 0;
  let current: string = COMPUTE_OPTIMIZER_PERMISSIONS[0];
  const call: Call = (permission, send) => {
    calls += 1;
    current = permission;
    return send();
  };
  const recommendations: ImportedRecommendation[] = [];
  for (const region of regions) {
    try {
      recommendations.push(
        ...(await readRegion(awsClients(access, credentials, region).computeOptimizer, region, call)),
      );
    } catch (error) {
      const state = failureState(error, callFailure(error, `${current} in ${region}`));
      return {
        finder: COMPUTE_OPTIMIZER_FINDER,
        permission: current,
        ...state,
        regions: regions.length,
        calls,
        recommendations: state.state === 'not-enrolled' ? [] : null,
      };
    }
  }
  return {
    finder: COMPUTE_OPTIMIZER_FINDER,
    permission: COMPUTE_OPTIMIZER_PERMISSIONS[0],
    state: 'ok',
    message: null,
    regions: regions.length,
    calls,
    recommendations,
  };
}
