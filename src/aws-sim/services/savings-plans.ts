import {
  type CommitmentInventory,
  type SimSavingsPlan,
  savingsPlanState,
} from '../company/commitment-inventory.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { jsonBody } from '../protocol/json-body.ts';
import { jsonServiceErrors } from '../protocol/json-service-errors.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';

const CONTENT_TYPE = 'application/json';
const MAX_RESULTS = 1000;

interface DescribeRequest {
  savingsPlanArns?: string[];
  savingsPlanIds?: string[];
  states?: string[];
  maxResults?: number;
  nextToken?: string;
}

function planJson(plan: SimSavingsPlan, nowMs: number) {
  const termSeconds = Math.round((plan.endMs - plan.startMs) / 1000);
  return {
    offeringId: `offering-${plan.savingsPlanType.toLowerCase()}-${termSeconds}`,
    savingsPlanId: plan.id,
    savingsPlanArn: plan.arn,
    description: `${termSeconds >= 94_608_000 ? 3 : 1} year ${plan.paymentOption} ${plan.savingsPlanType} Savings Plan`,
    start: new Date(plan.startMs).toISOString(),
    end: new Date(plan.endMs).toISOString(),
    state: savingsPlanState(plan, nowMs),
    region: plan.ec2InstanceFamily ? 'us-east-1' : '',
    ...(plan.ec2InstanceFamily ? { ec2InstanceFamily: plan.ec2InstanceFamily } : {}),
    savingsPlanType: plan.savingsPlanType,
    paymentOption: plan.paymentOption,
    productTypes: plan.savingsPlanType === 'Compute' ? ['EC2', 'Fargate', 'Lambda'] : ['EC2'],
    currency: 'USD',
    commitment: plan.hourlyCommitmentUsd.toFixed(3),
    upfrontPaymentAmount: '0.0',
    recurringPaymentAmount: plan.hourlyCommitmentUsd.toFixed(3),
    termDurationInSeconds: termSeconds,
    tags: {},
  };
}

/**
 * DescribeSavingsPlans (REST JSON, `POST /DescribeSavingsPlans`): the caller account's plans, with
 * their state at the simulator's clock (queued before the start, retired after the end), filtered by
 * ARN, id or state, `maxResults` (1 to 1000) a page with `nextToken`.
 */
function describeSavingsPlans(inventory: CommitmentInventory, context: CallContext): SimResponse {
  const request = jsonBody<DescribeRequest>(context.request);
  const size = request.maxResults ?? MAX_RESULTS;
  if (!Number.isInteger(size) || size < 1 || size > MAX_RESULTS)
    throw new AwsError(
      'ValidationException',
      `1 validation error detected: Value '${size}' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to ${MAX_RESULTS}`,
    );
  const matching = inventory.savingsPlans.filter(
    (plan) =>
      plan.accountId === context.identity.accountId &&
      (!request.savingsPlanArns?.length || request.savingsPlanArns.includes(plan.arn)) &&
      (!request.savingsPlanIds?.length || request.savingsPlanIds.includes(plan.id)) &&
      (!request.states?.length || request.states.includes(savingsPlanState(plan, context.nowMs))),
  );
  const offset = request.nextToken ? Number(Buffer.from(request.nextToken, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw new AwsError('ValidationException', 'The nextToken is not valid.');
  const page = matching.slice(offset, offset + size);
  const next = offset + page.length;
  return {
    status: 200,
    headers: { 'content-type': CONTENT_TYPE },
    body: JSON.stringify({
      savingsPlans: page.map((plan) => planJson(plan, context.nowMs)),
      ...(next < matching.length ? { nextToken: Buffer.from(String(next)).toString('base64url') } : {}),
    }),
  };
}

export function savingsPlansService(inventory: CommitmentInventory): ServiceHandler {
  return {
    name: 'savingsplans',
    signingName: 'savingsplans',
    operationOf: (request) =>
      request.method === 'POST' && request.path === '/DescribeSavingsPlans'
        ? 'DescribeSavingsPlans'
        : undefined,
    permissionFor: (operation) => ({ action: `savingsplans:${operation}`, resource: '' }),
    async handle(context) {
      if (context.operation === 'DescribeSavingsPlans') return describeSavingsPlans(inventory, context);
      throw new AwsError('InvalidAction', `The simulator does not offer ${context.operation}.`);
    },
    ...jsonServiceErrors(CONTENT_TYPE, {
      throttled: () => new AwsError('ThrottlingException', 'Rate exceeded', 429),
    }),
  };
}
