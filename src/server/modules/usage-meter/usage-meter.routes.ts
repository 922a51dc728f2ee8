import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../../contracts/errors.ts';
import {
  demoScenarioAnswer,
  lambdaLoopInput,
  loggingFloodInput,
  natLeakAnswer,
  natLeakInput,
  tokenSpikeInput,
  usageMeterQuery,
  usageMeterView,
} from '../../../contracts/usage-meter.ts';
import type { UsageMeterService } from './usage-meter.service.ts';

const tags = ['usage-meter'];

/** The live meter of usage-driven spend (docs/decisions/091): its rows and how each integration's meter reads. */
export const usageMeterRoutes: FastifyPluginAsyncZod<{ usageMeter: UsageMeterService }> = async (
  app,
  { usageMeter },
) => {
  app.get(
    '/api/usage-meter',
    {
      config: { tokenScope: 'costs:read' },
      schema: {
        tags,
        summary:
          'Metered usage (NAT gateways, Lambda, CloudWatch Logs, DynamoDB on-demand, Bedrock, EC2 egress as an estimate): the last hour and today, $ an hour and $ a day, and each meter’s state and monthly cost',
        querystring: usageMeterQuery,
        response: { 200: usageMeterView, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => usageMeter.view(await request.requireViewer(), request.query),
  );

  app.post(
    '/api/demo/nat-egress-leak',
    {
      schema: {
        tags,
        summary:
          "Simulator only: a NAT gateway of the organization's simulated account starts processing gb_per_hour more (default 182); the meter sees it at its next read",
        body: natLeakInput,
        response: { 200: natLeakAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => usageMeter.startDemoNatLeak(await request.requireViewer(), request.body),
  );

  app.post(
    '/api/demo/lambda-loop',
    {
      schema: {
        tags,
        summary:
          "Simulator only: a Lambda function of the organization's simulated account is invoked invocations_per_minute more times (default 60,000), each running duration_ms (default 1,200)",
        body: lambdaLoopInput,
        response: { 200: demoScenarioAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => usageMeter.startDemoLambdaLoop(await request.requireViewer(), request.body),
  );

  app.post(
    '/api/demo/logging-flood',
    {
      schema: {
        tags,
        summary:
          "Simulator only: a log group of the organization's simulated account ingests gb_per_hour more (default 40) into CloudWatch Logs",
        body: loggingFloodInput,
        response: { 200: demoScenarioAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => usageMeter.startDemoLoggingFlood(await request.requireViewer(), request.body),
  );

  app.post(
    '/api/demo/token-spike',
    {
      schema: {
        tags,
        summary:
          "Simulator only: a Bedrock model (default Claude 3.5 Sonnet) is called in a loop in the organization's simulated account in us-east-1, input_tokens_per_minute and output_tokens_per_minute more",
        body: tokenSpikeInput,
        response: { 200: demoScenarioAnswer, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => usageMeter.startDemoTokenSpike(await request.requireViewer(), request.body),
  );
};
