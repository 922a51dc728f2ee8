/**
 * The simulated AWS Price List: one on-demand Linux shared-tenancy product per instance type and
 * company region, priced as the simulator bills it (the catalog's us-east-1 price times the region's
 * factor), in the document shape GetProducts answers (`aws_v1`: product, serviceCode, terms).
 */

import { type PricedInstanceType, pricedInstanceTypes } from '../../catalog/ec2-instance-catalog.ts';
import { COMPANY_REGIONS, type CompanyRegion, usageTypeIn } from '../company/company-profile.ts';
import { hexFor } from '../company/seeded-random.ts';

const LOCATIONS: Record<CompanyRegion, string> = {
  'us-east-1': 'US East (N. Virginia)',
  'us-west-2': 'US West (Oregon)',
  'eu-west-1': 'EU (Ireland)',
};
/** AWS's fixed offer-term and rate codes for on-demand prices. */
const ON_DEMAND_TERM = 'JRTCKXETXF';
const PER_HOUR_RATE = '6YS6EN2CT7';

export interface PriceListProduct {
  attributes: Record<string, string>;
  document: string;
}

function productOf(facts: PricedInstanceType, region: CompanyRegion): PriceListProduct {
  const sku = hexFor(`sku:${region}:${facts.type}`, 16).toUpperCase();
  const price = facts.hourlyPriceUsd * COMPANY_REGIONS[region].priceFactor;
  const attributes: Record<string, string> = {
    servicecode: 'AmazonEC2',
    productFamily: 'Compute Instance',
    instanceType: facts.type,
    instanceFamily: facts.type.split('.')[0] ?? '',
    regionCode: region,
    location: LOCATIONS[region],
    vcpu: String(facts.vcpu),
    memory: `${facts.memoryGiB} GiB`,
    operatingSystem: 'Linux',
    tenancy: 'Shared',
    preInstalledSw: 'NA',
    licenseModel: 'No License required',
    capacitystatus: 'Used',
    usagetype: usageTypeIn(region, `BoxUsage:${facts.type}`),
    operation: 'RunInstances',
  };
  const { productFamily, ...productAttributes } = attributes;
  const offer = `${sku}.${ON_DEMAND_TERM}`;
  const document = {
    product: { productFamily, attributes: productAttributes, sku },
    serviceCode: 'AmazonEC2',
    terms: {
      OnDemand: {
        [offer]: {
          priceDimensions: {
            [`${offer}.${PER_HOUR_RATE}`]: {
              unit: 'Hrs',
              endRange: 'Inf',
              description: `$${price.toFixed(4)} per On Demand Linux ${facts.type} Instance Hour`,
              appliesTo: [],
              rateCode: `${offer}.${PER_HOUR_RATE}`,
              beginRange: '0',
              pricePerUnit: { USD: price.toFixed(10) },
            },
          },
          sku,
          effectiveDate: '2026-07-01T00:00:00Z',
          offerTermCode: ON_DEMAND_TERM,
          termAttributes: {},
        },
      },
    },
    version: '20260701000000',
    publicationDate: '2026-07-01T00:00:00Z',
  };
  return { attributes, document: JSON.stringify(document) };
}

let products: PriceListProduct[] | undefined;

/** Every product of the simulated price list, built once. */
export function priceListProducts(): PriceListProduct[] {
  products ??= Object.keys(COMPANY_REGIONS).flatMap((region) =>
    pricedInstanceTypes().map((facts) => productOf(facts, region as CompanyRegion)),
  );
  return products;
}
