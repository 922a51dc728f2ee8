/**
 * On-demand Linux prices of one region from the AWS Price List Query API (GetProducts). The API lives
 * in us-east-1; a region's compute instances come back 100 products a page, each a JSON document.
 */

import { GetProductsCommand, type PricingClient } from '@aws-sdk/client-pricing';

interface PriceDocument {
  product?: { attributes?: Record<string, string> };
  terms?: {
    OnDemand?: Record<
      string,
      { priceDimensions?: Record<string, { unit?: string; pricePerUnit?: { USD?: string } }> }
    >;
  };
}

/** Shared-tenancy, no pre-installed software, capacity in use: the plain on-demand Linux hour. */
const linuxOnDemandIn = (region: string) =>
  (
    [
      ['regionCode', region],
      ['operatingSystem', 'Linux'],
      ['tenancy', 'Shared'],
      ['preInstalledSw', 'NA'],
      ['capacitystatus', 'Used'],
    ] as const
  ).map(([Field, Value]) => ({ Type: 'TERM_MATCH' as const, Field, Value }));

function hourlyPriceOf(document: PriceDocument): number | null {
  for (const term of Object.values(document.terms?.OnDemand ?? {})) {
    for (const dimension of Object.values(term.priceDimensions ?? {})) {
      const usd = Number(dimension.pricePerUnit?.USD);
      if (dimension.unit === 'Hrs' && Number.isFinite(usd) && usd > 0) return usd;
    }
  }
  return null;
}

/** Instance type -> USD per hour in the region; empty when AWS has no products there. */
export async function fetchRegionPriceList(
  client: PricingClient,
  region: string,
): Promise<Map<string, number>> {
  const prices = new Map<string, number>();
  let nextToken: string | undefined;
  do {
    const page = await client.send(
      new GetProductsCommand({
        ServiceCode: 'AmazonEC2',
        FormatVersion: 'aws_v1',
        Filters: linuxOnDemandIn(region),
        MaxResults: 100,
        NextToken: nextToken,
      }),
    );
    // The SDK types PriceList loosely; on the wire it is an array of JSON strings.
    for (const item of (page.PriceList ?? []) as unknown[]) {
      const document = JSON.parse(String(item)) as PriceDocument;
      const type = document.product?.attributes?.instanceType;
      const price = hourlyPriceOf(document);
      if (type && price !== null) prices.set(type, price);
    }
    nextToken = page.NextToken;
  } while (nextToken);
  return prices;
}
