/**
 * The usage prices the meter applies when the Price List API is not asked (docs/decisions/091 and
 * 094): one dated table per charge, with where it was read. A region (or a Bedrock model) the table
 * does not have is "price unknown" with that reason, never $0 and never another region's price.
 */

export type MeteredCharge =
  | 'nat-gateway-data-processed'
  | 'lambda-requests'
  | 'lambda-gb-seconds'
  | 'lambda-gb-seconds-arm'
  | 'logs-ingested'
  | 'dynamodb-read-request-units'
  | 'dynamodb-write-request-units'
  | 'bedrock-input-tokens'
  | 'bedrock-output-tokens'
  | 'ec2-internet-egress-estimate';

/** The services the meter reads, as the card and the settings name them. */
export type MeteredService = 'nat-gateway' | 'lambda' | 'logs' | 'dynamodb' | 'bedrock' | 'ec2-egress';
export const METERED_SERVICES: readonly MeteredService[] = [
  'nat-gateway',
  'lambda',
  'logs',
  'dynamodb',
  'bedrock',
  'ec2-egress',
];

export type UsageUnit = 'GB' | 'requests' | 'GB-seconds' | 'request units' | 'tokens';

export interface UsagePriceTable {
  service: MeteredService;
  /** What one unit is, as the bill counts it. */
  unit: UsageUnit;
  /** Where the prices were read, and on which day. */
  source: string;
  asOf: string;
  usdPerUnitByRegion: Readonly<Record<string, number>>;
  /** Bedrock prices differ per model: model id, then region. */
  usdPerUnitByModel?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Set when the quantity itself is an estimate of what the bill charges, with why. */
  estimate?: string;
}

const PER_MILLION = 1 / 1_000_000;
const LAMBDA_SOURCE = 'https://aws.amazon.com/lambda/pricing/ (Requests and Duration, first tier)';
const DYNAMODB_SOURCE = 'https://aws.amazon.com/dynamodb/pricing/on-demand/ (Standard table class)';
const BEDROCK_SOURCE = 'https://aws.amazon.com/bedrock/pricing/ (on-demand, per 1,000 tokens)';
const sameIn = (regions: readonly string[], usd: number) => Object.fromEntries(regions.map((r) => [r, usd]));
const US_EU_AP = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-north-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-southeast-1',
  'ap-southeast-2',
  'sa-east-1',
];

// biome-ignore format: one region a line reads as the price list it was copied from
export const USAGE_PRICE_TABLES: Readonly<Record<MeteredCharge, UsagePriceTable>> = {
  'nat-gateway-data-processed': {
    service: 'nat-gateway',
    unit: 'GB',
    source: 'https://aws.amazon.com/vpc/pricing/ (NAT gateway pricing, "Price per GB data processed")',
    asOf: '2026-12-01',
    usdPerUnitByRegion: {
      'us-east-1': 0.045, 'us-east-2': 0.045, 'us-west-1': 0.048, 'us-west-2': 0.045,
      'ca-central-1': 0.05, 'eu-west-1': 0.048, 'eu-west-2': 0.05, 'eu-west-3': 0.05,
      'eu-central-1': 0.052, 'eu-north-1': 0.046, 'ap-south-1': 0.056, 'ap-northeast-1': 0.062,
      'ap-northeast-2': 0.059, 'ap-southeast-1': 0.059, 'ap-southeast-2': 0.059, 'sa-east-1': 0.093,
    },
  },
  'lambda-requests': {
    service: 'lambda',
    unit: 'requests',
    source: LAMBDA_SOURCE,
    asOf: '2026-12-07',
    usdPerUnitByRegion: sameIn(US_EU_AP, 0.2 * PER_MILLION),
  },
  'lambda-gb-seconds': {
    service: 'lambda',
    unit: 'GB-seconds',
    source: `${LAMBDA_SOURCE}, x86`,
    asOf: '2026-12-07',
    usdPerUnitByRegion: sameIn(US_EU_AP, 0.0000166667),
  },
  'lambda-gb-seconds-arm': {
    service: 'lambda',
    unit: 'GB-seconds',
    source: `${LAMBDA_SOURCE}, Arm`,
    asOf: '2026-12-07',
    usdPerUnitByRegion: sameIn(US_EU_AP, 0.0000133334),
  },
  'logs-ingested': {
    service: 'logs',
    unit: 'GB',
    source: 'https://aws.amazon.com/cloudwatch/pricing/ (Logs, Standard log class, "Collect (Data Ingestion)")',
    asOf: '2026-12-07',
    usdPerUnitByRegion: {
      'us-east-1': 0.5, 'us-east-2': 0.5, 'us-west-1': 0.5, 'us-west-2': 0.5,
      'eu-west-1': 0.57, 'eu-central-1': 0.63, 'ap-northeast-1': 0.76, 'ap-southeast-2': 0.7,
    },
  },
  'dynamodb-read-request-units': {
    service: 'dynamodb',
    unit: 'request units',
    source: DYNAMODB_SOURCE,
    asOf: '2026-12-07',
    usdPerUnitByRegion: {
      'us-east-1': 0.125 * PER_MILLION, 'us-east-2': 0.125 * PER_MILLION, 'us-west-2': 0.125 * PER_MILLION,
    },
  },
  'dynamodb-write-request-units': {
    service: 'dynamodb',
    unit: 'request units',
    source: DYNAMODB_SOURCE,
    asOf: '2026-12-07',
    usdPerUnitByRegion: {
      'us-east-1': 0.625 * PER_MILLION, 'us-east-2': 0.625 * PER_MILLION, 'us-west-2': 0.625 * PER_MILLION,
    },
  },
  'bedrock-input-tokens': {
    service: 'bedrock',
    unit: 'tokens',
    source: BEDROCK_SOURCE,
    asOf: '2026-12-07',
    usdPerUnitByRegion: {},
    usdPerUnitByModel: {
      'anthropic.claude-3-5-sonnet-20240620-v1:0': sameIn(['us-east-1', 'us-west-2'], 0.003 / 1000),
      'anthropic.claude-3-haiku-20240307-v1:0': sameIn(['us-east-1', 'us-west-2'], 0.00025 / 1000),
      'amazon.titan-text-express-v1': sameIn(['us-east-1', 'us-west-2'], 0.0002 / 1000),
    },
  },
  'bedrock-output-tokens': {
    service: 'bedrock',
    unit: 'tokens',
    source: BEDROCK_SOURCE,
    asOf: '2026-12-07',
    usdPerUnitByRegion: {},
    usdPerUnitByModel: {
      'anthropic.claude-3-5-sonnet-20240620-v1:0': sameIn(['us-east-1', 'us-west-2'], 0.015 / 1000),
      'anthropic.claude-3-haiku-20240307-v1:0': sameIn(['us-east-1', 'us-west-2'], 0.00125 / 1000),
      'amazon.titan-text-express-v1': sameIn(['us-east-1', 'us-west-2'], 0.0006 / 1000),
    },
  },
  'ec2-internet-egress-estimate': {
    service: 'ec2-egress',
    unit: 'GB',
    source: 'https://aws.amazon.com/ec2/pricing/on-demand/ (Data Transfer OUT to the internet, next 9.999 TB a month)',
    asOf: '2026-12-07',
    usdPerUnitByRegion: {
      'us-east-1': 0.09, 'us-east-2': 0.09, 'us-west-1': 0.09, 'us-west-2': 0.09, 'ca-central-1': 0.09,
      'eu-west-1': 0.09, 'eu-west-2': 0.09, 'eu-central-1': 0.09, 'ap-northeast-1': 0.114,
      'ap-southeast-2': 0.114, 'sa-east-1': 0.15,
    },
    estimate:
      'An estimate: CloudWatch counts every byte an instance sends (NetworkOut), and cannot tell internet egress from traffic to other instances, AWS services or other regions, which costs less or nothing; the first 100 GB a month are free.',
  },
};

/** AWS bills data in GB of 2^30 bytes; CloudWatch counts bytes. */
export const BYTES_PER_BILLED_GB = 2 ** 30;

export type UsagePrice =
  | { status: 'priced'; usdPerUnit: number; source: string }
  | { status: 'unknown'; reason: string };

/**
 * The price of one unit of a charge in a region (and for Bedrock, of the model `resourceId`), from
 * the Price List API's answer when there is one, else the table.
 */
export function usagePriceOf(
  charge: MeteredCharge,
  region: string,
  fromPriceList?: number,
  resourceId?: string,
): UsagePrice {
  if (fromPriceList !== undefined)
    return { status: 'priced', usdPerUnit: fromPriceList, source: 'AWS Price List API' };
  const table = USAGE_PRICE_TABLES[charge];
  if (table.usdPerUnitByModel) {
    const byRegion = resourceId === undefined ? undefined : table.usdPerUnitByModel[resourceId];
    const usdPerUnit = byRegion?.[region];
    if (usdPerUnit === undefined)
      return {
        status: 'unknown',
        reason: `The price table of ${table.asOf} has no ${charge} price for the model ${resourceId ?? '(none)'} in ${region}, and the Price List API gave none.`,
      };
    return { status: 'priced', usdPerUnit, source: `${table.source}, as of ${table.asOf}` };
  }
  const usdPerUnit = table.usdPerUnitByRegion[region];
  if (usdPerUnit === undefined)
    return {
      status: 'unknown',
      reason: `The price table of ${table.asOf} has no ${charge} price for ${region}, and the Price List API gave none.`,
    };
  return { status: 'priced', usdPerUnit, source: `${table.source}, as of ${table.asOf}` };
}
