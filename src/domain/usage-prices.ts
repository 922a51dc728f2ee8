/**
 * The usage prices the meter applies when the Price List API is not asked (docs/decisions/091): one
 * dated table per charge, with where it was read. A region the table does not have is "price
 * unknown" with that reason, never $0 and never another region's price.
 */

export type MeteredCharge = 'nat-gateway-data-processed';

export interface UsagePriceTable {
  /** What one unit is, as the bill counts it. */
  unit: 'GB';
  /** Where the prices were read, and on which day. */
  source: string;
  asOf: string;
  usdPerUnitByRegion: Readonly<Record<string, number>>;
}

// biome-ignore format: one region a line reads as the price list it was copied from
export const USAGE_PRICE_TABLES: Readonly<Record<MeteredCharge, UsagePriceTable>> = {
  'nat-gateway-data-processed': {
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
};

/** AWS bills data in GB of 2^30 bytes; CloudWatch counts bytes. */
export const BYTES_PER_BILLED_GB = 2 ** 30;

export type UsagePrice =
  | { status: 'priced'; usdPerUnit: number; source: string }
  | { status: 'unknown'; reason: string };

/** The price of one unit of a charge in a region, from the Price List API's answer when there is one, else the table. */
export function usagePriceOf(charge: MeteredCharge, region: string, fromPriceList?: number): UsagePrice {
  if (fromPriceList !== undefined)
    return { status: 'priced', usdPerUnit: fromPriceList, source: 'AWS Price List API' };
  const table = USAGE_PRICE_TABLES[charge];
  const usdPerUnit = table.usdPerUnitByRegion[region];
  if (usdPerUnit === undefined)
    return {
      status: 'unknown',
      reason: `The price table of ${table.asOf} has no ${charge} price for ${region}, and the Price List API gave none.`,
    };
  return { status: 'priced', usdPerUnit, source: `${table.source}, as of ${table.asOf}` };
}
