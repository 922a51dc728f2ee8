import { AwsError } from '../protocol/aws-error.ts';
import { jsonBody } from '../protocol/json-body.ts';
import { accessDeniedWithStatus, jsonServiceErrors } from '../protocol/json-service-errors.ts';
import type { CallContext, ServiceHandler, SimResponse } from '../protocol/service-handler.ts';
import { targetedOperation } from '../protocol/service-handler.ts';
import { type PriceListProduct, priceListProducts } from './pricing-products.ts';

const CONTENT_TYPE = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSPriceListService.';
const MAX_RESULTS = 100;

interface ProductFilter {
  Type?: string;
  Field?: string;
  Value?: string;
}

/** TERM_MATCH is the only filter type AWS offers; field names and values compare case-insensitively. */
function matches(product: PriceListProduct, filters: ProductFilter[]): boolean {
  return filters.every((filter) => {
    const field = (filter.Field ?? '').toLowerCase();
    const entry = Object.entries(product.attributes).find(([name]) => name.toLowerCase() === field);
    return entry !== undefined && entry[1].toLowerCase() === String(filter.Value ?? '').toLowerCase();
  });
}

function parseFilters(value: unknown): ProductFilter[] {
  const filters = (value ?? []) as ProductFilter[];
  for (const filter of filters) {
    if (filter.Type !== 'TERM_MATCH' || !filter.Field || filter.Value === undefined) {
      throw new AwsError('InvalidParameterException', 'Filters need Type TERM_MATCH, a Field and a Value.');
    }
  }
  return filters;
}

function offsetOf(token: unknown): number {
  if (token === undefined) return 0;
  const offset = Number(
    Buffer.from(String(token), 'base64url')
      .toString('utf8')
      .replace(/^offset:/, ''),
  );
  if (!Number.isInteger(offset) || offset < 0)
    throw new AwsError('InvalidNextTokenException', 'The NextToken is not valid.');
  return offset;
}

function getProducts(context: CallContext): SimResponse {
  const body = jsonBody<Record<string, unknown>>(context.request);
  if (!body.ServiceCode) throw new AwsError('InvalidParameterException', 'ServiceCode is required.');
  const maxResults = body.MaxResults === undefined ? MAX_RESULTS : Number(body.MaxResults);
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > MAX_RESULTS) {
    throw new AwsError('InvalidParameterException', `MaxResults must be between 1 and ${MAX_RESULTS}.`);
  }
  const filters = parseFilters(body.Filters);
  const serviceFilter = { Type: 'TERM_MATCH', Field: 'servicecode', Value: String(body.ServiceCode) };
  const found = priceListProducts().filter((product) => matches(product, [serviceFilter, ...filters]));
  const offset = offsetOf(body.NextToken);
  const page = found.slice(offset, offset + maxResults);
  const next = offset + maxResults < found.length ? offset + maxResults : undefined;
  const answer = {
    FormatVersion: 'aws_v1',
    PriceList: page.map((product) => product.document),
    NextToken: next === undefined ? undefined : Buffer.from(`offset:${next}`).toString('base64url'),
  };
  return { status: 200, headers: { 'content-type': CONTENT_TYPE }, body: JSON.stringify(answer) };
}

/** The AWS Price List Query API (GetProducts) for EC2 on-demand Linux prices of the company regions. */
export function pricingService(): ServiceHandler {
  return {
    name: 'pricing',
    signingName: 'pricing',
    operationOf: (request) => targetedOperation(request, TARGET_PREFIX),
    permissionFor: (operation) => ({ action: `pricing:${operation}`, resource: '*' }),
    async handle(context) {
      if (context.operation === 'GetProducts') return getProducts(context);
      throw new AwsError('InvalidParameterException', `The simulator does not offer ${context.operation}.`);
    },
    ...jsonServiceErrors(CONTENT_TYPE, { accessDenied: accessDeniedWithStatus(400) }),
  };
}
