import type { ServiceEnrollment } from '../company/compute-optimizer-findings.ts';
import {
  type HubSources,
  hubRecommendations,
  type SimHubRecommendation,
} from '../company/cost-optimization-hub-recommendations.ts';
import { DAY_MS } from '../company/timeline.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { jsonBody } from '../protocol/json-body.ts';
import { jsonPage } from '../protocol/json-pages.ts';
import { jsonServiceErrors } from '../protocol/json-service-errors.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import { targetedOperation } from '../protocol/service-handler.ts';

const TARGET_PREFIX = 'CostOptimizationHubService.';
const CONTENT_TYPE = 'application/x-amz-json-1.0';
const MAX_RESULTS = 1000;
/** The hub is global: its one endpoint is in us-east-1. */
const HUB_REGION = 'us-east-1';

interface ListRecommendationsRequest {
  filter?: {
    accountIds?: string[];
    regions?: string[];
    resourceTypes?: string[];
    actionTypes?: string[];
    resourceIds?: string[];
    resourceArns?: string[];
  };
  maxResults?: number;
  nextToken?: string;
}

interface ListEnrollmentStatusesRequest {
  accountId?: string;
  includeOrganizationInfo?: boolean;
  maxResults?: number;
  nextToken?: string;
}

export interface CostOptimizationHubSources {
  recommendationSources: () => HubSources;
  enrollment: ServiceEnrollment;
}

const epochSeconds = (ms: number) => Math.floor(ms / 1000);
const answer = (body: unknown): SimResponse => ({
  status: 200,
  headers: { 'content-type': CONTENT_TYPE },
  body: JSON.stringify(body),
});

function recommendationJson(found: SimHubRecommendation, nowMs: number) {
  const cost =
    found.savingsPercentage > 0
      ? Math.round((found.monthlySavingsUsd / found.savingsPercentage) * 100 * 100) / 100
      : found.monthlySavingsUsd;
  return {
    recommendationId: found.recommendationId,
    accountId: found.accountId,
    region: found.region,
    resourceId: found.resourceId,
    resourceArn: found.resourceArn,
    currentResourceType: found.resourceType,
    recommendedResourceType: found.resourceType,
    estimatedMonthlySavings: found.monthlySavingsUsd,
    estimatedSavingsPercentage: found.savingsPercentage,
    estimatedMonthlyCost: cost,
    currencyCode: 'USD',
    implementationEffort: found.implementationEffort,
    restartNeeded: found.restartNeeded,
    actionType: found.actionType,
    rollbackPossible: found.rollbackPossible,
    currentResourceSummary: found.currentSummary,
    recommendedResourceSummary: found.recommendedSummary,
    lastRefreshTimestamp: epochSeconds(Math.floor(nowMs / DAY_MS) * DAY_MS),
    recommendationLookbackPeriodInDays: found.lookBackDays,
    source: 'ComputeOptimizer',
  };
}

/** The caller's own account, Active or Inactive; a member account sees no other. */
function enrollmentStatuses(sources: CostOptimizationHubSources, context: CallContext): SimResponse {
  const request = jsonBody<ListEnrollmentStatusesRequest>(context.request);
  const { accountId } = context.identity;
  jsonPage([], request, MAX_RESULTS, 'ValidationException');
  if (request.accountId !== undefined && request.accountId !== accountId) return answer({ items: [] });
  const status = sources.enrollment.isEnrolled(accountId) ? 'Active' : 'Inactive';
  return answer({ items: [{ accountId, status }] });
}

const matches = (wanted: string[] | undefined, value: string) =>
  wanted === undefined || wanted.length === 0 || wanted.includes(value);

/**
 * The caller account's recommendations, filtered by account, region, resource type, action and resource
 * as asked. A member account names only itself; an account not enrolled is refused.
 */
function recommendations(sources: CostOptimizationHubSources, context: CallContext): SimResponse {
  const request = jsonBody<ListRecommendationsRequest>(context.request);
  const { accountId } = context.identity;
  if (!sources.enrollment.isEnrolled(accountId))
    throw new AwsError('ValidationException', 'The account is not enrolled in Cost Optimization Hub.');
  const filter = request.filter ?? {};
  const found = hubRecommendations(sources.recommendationSources(), accountId, context.nowMs).filter(
    (one) =>
      matches(filter.accountIds, one.accountId) &&
      matches(filter.regions, one.region) &&
      matches(filter.resourceTypes, one.resourceType) &&
      matches(filter.actionTypes, one.actionType) &&
      matches(filter.resourceIds, one.resourceId) &&
      matches(filter.resourceArns, one.resourceArn),
  );
  const page = jsonPage(found, request, MAX_RESULTS, 'ValidationException');
  return answer({
    items: page.items.map((one) => recommendationJson(one, context.nowMs)),
    ...(page.nextToken ? { nextToken: page.nextToken } : {}),
  });
}

/**
 * Cost Optimization Hub (awsJson1_0, `X-Amz-Target: CostOptimizationHubService.*`), signed
 * `cost-optimization-hub`, answered in us-east-1 only.
 */
export function costOptimizationHubService(sources: CostOptimizationHubSources): ServiceHandler {
  return {
    name: 'cost-optimization-hub',
    signingName: 'cost-optimization-hub',
    operationOf: (request) => targetedOperation(request, TARGET_PREFIX),
    permissionFor: (operation) => ({ action: `cost-optimization-hub:${operation}`, resource: '*' }),
    async handle(context) {
      if (context.region !== HUB_REGION)
        throw new AwsError(
          'UnrecognizedClientException',
          `Cost Optimization Hub has no endpoint in ${context.region}.`,
        );
      if (context.operation === 'ListEnrollmentStatuses') return enrollmentStatuses(sources, context);
      if (context.operation === 'ListRecommendations') return recommendations(sources, context);
      throw new AwsError('UnknownOperationException', `The simulator does not offer ${context.operation}`);
    },
    ...jsonServiceErrors(CONTENT_TYPE),
  };
}
