import type { SimulatedFunction } from '../company/usage-metrics.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { jsonServiceErrors } from '../protocol/json-service-errors.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';

const CONTENT_TYPE = 'application/json';
const LIST_PATH = '/2015-03-31/functions';
const MAX_ITEMS = 50;

/**
 * Lambda's ListFunctions (REST JSON, `GET /2015-03-31/functions/`): the caller's functions in the
 * signed region, 50 a page with `Marker`/`NextMarker`, each with its memory size and architecture
 * (what the usage meter prices GB-seconds at). A deleted function is no longer listed.
 */
function listFunctions(functions: () => readonly SimulatedFunction[], context: CallContext): SimResponse {
  const mine = functions()
    .filter((fn) => fn.accountId === context.identity.accountId && fn.region === context.region)
    .sort((a, b) => a.functionName.localeCompare(b.functionName));
  const asked = Number(context.request.query.get('MaxItems') ?? MAX_ITEMS);
  if (!Number.isInteger(asked) || asked < 1 || asked > 10_000)
    throw new AwsError('InvalidParameterValueException', 'MaxItems must be between 1 and 10000.', 400);
  const pageSize = Math.min(asked, MAX_ITEMS);
  const marker = context.request.query.get('Marker');
  const start = marker ? Number(Buffer.from(marker, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(start) || start < 0)
    throw new AwsError('InvalidParameterValueException', 'The Marker is not valid.', 400);
  const page = mine.slice(start, start + pageSize);
  const next =
    start + pageSize < mine.length ? Buffer.from(String(start + pageSize)).toString('base64url') : undefined;
  return {
    status: 200,
    headers: { 'content-type': CONTENT_TYPE },
    body: JSON.stringify({
      Functions: page.map((fn) => ({
        FunctionName: fn.functionName,
        FunctionArn: fn.functionArn,
        Runtime: 'nodejs22.x',
        MemorySize: fn.memorySizeMb,
        Architectures: [fn.architecture],
        PackageType: 'Zip',
      })),
      ...(next ? { NextMarker: next } : {}),
    }),
  };
}

export function lambdaService(functions: () => readonly SimulatedFunction[]): ServiceHandler {
  return {
    name: 'lambda',
    signingName: 'lambda',
    operationOf: (request) =>
      request.method === 'GET' && (request.path === LIST_PATH || request.path === `${LIST_PATH}/`)
        ? 'ListFunctions'
        : undefined,
    permissionFor: (operation) => ({ action: `lambda:${operation}`, resource: '' }),
    async handle(context) {
      if (context.operation === 'ListFunctions') return listFunctions(functions, context);
      throw new AwsError('InvalidAction', `The simulator does not offer ${context.operation}.`);
    },
    ...jsonServiceErrors(CONTENT_TYPE, {
      throttled: () => new AwsError('TooManyRequestsException', 'Rate exceeded', 429),
    }),
  };
}
