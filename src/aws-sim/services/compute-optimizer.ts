import {
  COMPUTE_OPTIMIZER_LOOK_BACK_DAYS,
  instanceRecommendations,
  lastRefreshOf,
  type ServiceEnrollment,
  type SimInstanceRecommendation,
  type SimVolumeRecommendation,
  volumeRecommendations,
} from '../company/compute-optimizer-findings.ts';
import { idleRecommendations, type SimIdleRecommendation } from '../company/compute-optimizer-idle.ts';
import type { SimDatabase } from '../company/databases.ts';
import type { FleetInstance } from '../company/fleet.ts';
import type { SimNatGateway } from '../company/network-services.ts';
import type { SimVolume } from '../company/waste.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { jsonBody } from '../protocol/json-body.ts';
import { jsonPage } from '../protocol/json-pages.ts';
import { jsonServiceErrors } from '../protocol/json-service-errors.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import { targetedOperation } from '../protocol/service-handler.ts';

const TARGET_PREFIX = 'ComputeOptimizerService.';
const CONTENT_TYPE = 'application/x-amz-json-1.0';
const MAX_RESULTS = 1000;
/** GetIdleRecommendations pages by at most 100. */
const MAX_IDLE_RESULTS = 100;

interface ListRequest {
  maxResults?: number;
  nextToken?: string;
  accountIds?: string[];
}

export interface ComputeOptimizerSources {
  fleet: () => FleetInstance[];
  volumes: () => SimVolume[];
  databases: () => SimDatabase[];
  natGateways: () => SimNatGateway[];
  natGatewayGbPerDay: (gateway: SimNatGateway) => number;
  enrollment: ServiceEnrollment;
}

const tagList = (tags: Record<string, string>) =>
  Object.entries(tags).map(([key, value]) => ({ key, value }));
const epochSeconds = (nowMs: number) => lastRefreshOf(nowMs).getTime() / 1000;
const savings = (usd: number, percentage: number) => ({
  savingsOpportunityPercentage: percentage,
  estimatedMonthlySavings: { currency: 'USD', value: usd },
});

function instanceJson(recommendation: SimInstanceRecommendation, nowMs: number) {
  const { instance } = recommendation;
  return {
    instanceArn: `arn:aws:ec2:${instance.region}:${instance.accountId}:instance/${instance.instanceId}`,
    accountId: instance.accountId,
    instanceName: instance.name,
    currentInstanceType: instance.instanceType,
    finding: recommendation.finding,
    findingReasonCodes: recommendation.reasons,
    utilizationMetrics: [{ name: 'Cpu', statistic: 'Maximum', value: recommendation.cpuMaximum }],
    lookBackPeriodInDays: COMPUTE_OPTIMIZER_LOOK_BACK_DAYS,
    recommendationOptions: recommendation.options.map((option) => ({
      instanceType: option.instanceType,
      rank: option.rank,
      performanceRisk: 1,
      migrationEffort: option.migrationEffort,
      savingsOpportunity: savings(option.monthlySavingsUsd, option.savingsPercentage),
    })),
    recommendationSources: [
      {
        recommendationSourceArn: `arn:aws:ec2:${instance.region}:${instance.accountId}:instance/${instance.instanceId}`,
        recommendationSourceType: 'Ec2Instance',
      },
    ],
    lastRefreshTimestamp: epochSeconds(nowMs),
    currentPerformanceRisk: 'VeryLow',
    instanceState: 'running',
    idle: recommendation.idle ? 'True' : 'False',
    tags: tagList({ ...instance.tags, Name: instance.name }),
  };
}

function volumeJson(recommendation: SimVolumeRecommendation, nowMs: number) {
  const { volume } = recommendation;
  const baselineIops = Math.min(16_000, Math.max(100, volume.sizeGb * 3));
  const baselineThroughput = volume.sizeGb > 170 ? 250 : 128;
  const configuration = (volumeType: string, iops: number, throughput: number) => ({
    volumeType,
    volumeSize: volume.sizeGb,
    volumeBaselineIOPS: iops,
    volumeBurstIOPS: Math.max(iops, 3000),
    volumeBaselineThroughput: throughput,
    volumeBurstThroughput: throughput,
    rootVolume: false,
  });
  return {
    volumeArn: `arn:aws:ec2:${volume.region}:${volume.accountId}:volume/${volume.volumeId}`,
    accountId: volume.accountId,
    currentConfiguration: configuration('gp2', baselineIops, baselineThroughput),
    finding: 'NotOptimized',
    lookBackPeriodInDays: COMPUTE_OPTIMIZER_LOOK_BACK_DAYS,
    volumeRecommendationOptions: [
      {
        configuration: configuration('gp3', Math.max(3000, baselineIops), Math.max(125, baselineThroughput)),
        performanceRisk: 0,
        rank: 1,
        savingsOpportunity: savings(recommendation.monthlySavingsUsd, recommendation.savingsPercentage),
      },
    ],
    lastRefreshTimestamp: epochSeconds(nowMs),
    currentPerformanceRisk: 'VeryLow',
    tags: tagList({ ...volume.tags, ...(volume.name ? { Name: volume.name } : {}) }),
  };
}

function idleJson(recommendation: SimIdleRecommendation, nowMs: number) {
  const saving =
    recommendation.monthlySavingsUsd === null
      ? {}
      : {
          savingsOpportunity: savings(recommendation.monthlySavingsUsd, 100),
          // Nothing the company bought discounts these resources: the same figure after discounts.
          savingsOpportunityAfterDiscounts: savings(recommendation.monthlySavingsUsd, 100),
        };
  return {
    resourceArn: recommendation.resourceArn,
    resourceId: recommendation.resourceId,
    resourceType: recommendation.resourceType,
    accountId: recommendation.accountId,
    finding: recommendation.finding,
    findingDescription: recommendation.description,
    ...saving,
    utilizationMetrics: recommendation.metrics.map((metric) => ({
      name: metric.name,
      statistic: 'Maximum',
      value: metric.value,
    })),
    lookBackPeriodInDays: recommendation.lookBackDays,
    lastRefreshTimestamp: epochSeconds(nowMs),
    tags: tagList(recommendation.tags),
  };
}

/** One page in Compute Optimizer's words. */
const page = <T>(items: T[], request: ListRequest, limit = MAX_RESULTS) =>
  jsonPage(items, request, limit, 'InvalidParameterValueException');

function answerOf(
  sources: ComputeOptimizerSources,
  context: CallContext,
  request: ListRequest,
  accountId: string,
) {
  const { nowMs, region } = context;
  if (context.operation === 'GetEC2InstanceRecommendations') {
    const found = page(instanceRecommendations(sources.fleet(), accountId, region, nowMs), request);
    return {
      instanceRecommendations: found.items.map((one) => instanceJson(one, nowMs)),
      errors: [],
      ...(found.nextToken ? { nextToken: found.nextToken } : {}),
    };
  }
  if (context.operation === 'GetEBSVolumeRecommendations') {
    const found = page(volumeRecommendations(sources.volumes(), accountId, region, nowMs), request);
    return {
      volumeRecommendations: found.items.map((one) => volumeJson(one, nowMs)),
      errors: [],
      ...(found.nextToken ? { nextToken: found.nextToken } : {}),
    };
  }
  const idleSources = {
    fleet: sources.fleet(),
    volumes: sources.volumes(),
    databases: sources.databases(),
    natGateways: sources.natGateways(),
    natGatewayGbPerDay: sources.natGatewayGbPerDay,
  };
  const found = page(idleRecommendations(idleSources, accountId, region, nowMs), request, MAX_IDLE_RESULTS);
  return {
    idleRecommendations: found.items.map((one) => idleJson(one, nowMs)),
    errors: [],
    ...(found.nextToken ? { nextToken: found.nextToken } : {}),
  };
}

/**
 * The caller account's recommendations in the signed region. An account that never opted in answers
 * AWS's OptInRequiredException; naming another account answers AccessDenied (only an organization's
 * management account may, with trusted access, which the company never turned on).
 */
function listed(sources: ComputeOptimizerSources, context: CallContext): SimResponse {
  const request = jsonBody<ListRequest>(context.request);
  const { accountId } = context.identity;
  if (!sources.enrollment.isEnrolled(accountId))
    throw new AwsError(
      'OptInRequiredException',
      'The account is not opted in to AWS Compute Optimizer.',
      403,
    );
  if (request.accountIds?.some((id) => id !== accountId))
    throw new AwsError(
      'AccessDeniedException',
      'Only the management account of an organization with trusted access can request recommendations of member accounts.',
      403,
    );
  const answer = answerOf(sources, context, request, accountId);
  return { status: 200, headers: { 'content-type': CONTENT_TYPE }, body: JSON.stringify(answer) };
}

const OFFERED = new Set([
  'GetEC2InstanceRecommendations',
  'GetEBSVolumeRecommendations',
  'GetIdleRecommendations',
]);

/** Compute Optimizer (awsJson1_0, `X-Amz-Target: ComputeOptimizerService.*`), signed `compute-optimizer`. */
export function computeOptimizerService(sources: ComputeOptimizerSources): ServiceHandler {
  return {
    name: 'compute-optimizer',
    signingName: 'compute-optimizer',
    operationOf: (request) => targetedOperation(request, TARGET_PREFIX),
    permissionFor: (operation) => ({ action: `compute-optimizer:${operation}`, resource: '*' }),
    async handle(context) {
      if (OFFERED.has(context.operation)) return listed(sources, context);
      throw new AwsError('UnknownOperationException', `The simulator does not offer ${context.operation}`);
    },
    ...jsonServiceErrors(CONTENT_TYPE),
  };
}
