import { GetProductsCommand } from '@aws-sdk/client-pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsSimulator } from './index.ts';
import { simulatorClients } from './simulator-clients.ts';
import { startTestSimulator } from './testing/test-simulator.ts';

const linuxInRegion = (region: string) => [
  { Type: 'TERM_MATCH' as const, Field: 'regionCode', Value: region },
  { Type: 'TERM_MATCH' as const, Field: 'operatingSystem', Value: 'Linux' },
  { Type: 'TERM_MATCH' as const, Field: 'tenancy', Value: 'Shared' },
  { Type: 'TERM_MATCH' as const, Field: 'capacitystatus', Value: 'Used' },
];

interface PriceDocument {
  product: { attributes: Record<string, string> };
  terms: { OnDemand: Record<string, { priceDimensions: Record<string, { pricePerUnit: { USD: string } }> }> };
}

const onDemandUsd = (document: PriceDocument) =>
  Number(Object.values(Object.values(document.terms.OnDemand)[0]!.priceDimensions)[0]!.pricePerUnit.USD);

describe('Price List API GetProducts', () => {
  let simulator: AwsSimulator;
  beforeAll(async () => {
    ({ simulator } = await startTestSimulator());
  });
  afterAll(() => simulator.close());

  async function products(filters: ReturnType<typeof linuxInRegion>, maxResults?: number) {
    const { pricing } = simulatorClients(simulator);
    const documents: PriceDocument[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await pricing.send(
        new GetProductsCommand({
          ServiceCode: 'AmazonEC2',
          Filters: filters,
          MaxResults: maxResults,
          NextToken: token,
        }),
      );
      documents.push(
        ...((page.PriceList ?? []) as unknown[]).map((item) => JSON.parse(String(item)) as PriceDocument),
      );
      token = page.NextToken;
      pages += 1;
    } while (token);
    return { documents, pages };
  }

  it('prices an eu-west-1 m5.large 12% above us-east-1, as the simulator bills it', async () => {
    const wanted = (region: string) => [
      ...linuxInRegion(region),
      { Type: 'TERM_MATCH' as const, Field: 'instanceType', Value: 'm5.large' },
    ];
    const [ireland] = (await products(wanted('eu-west-1'))).documents;
    const [virginia] = (await products(wanted('us-east-1'))).documents;
    expect(ireland?.product.attributes).toMatchObject({ instanceType: 'm5.large', location: 'EU (Ireland)' });
    expect(onDemandUsd(virginia!)).toBeCloseTo(0.096, 10);
    expect(onDemandUsd(ireland!)).toBeCloseTo(0.096 * 1.12, 10);
  });

  it('pages a whole region 100 products at a time', async () => {
    const { documents, pages } = await products(linuxInRegion('us-west-2'));
    expect(documents.length).toBe(1345);
    expect(pages).toBe(14);
    expect(new Set(documents.map((d) => d.product.attributes.instanceType)).size).toBe(1345);
  });

  it('has no products in a region the company does not use', async () => {
    expect((await products(linuxInRegion('ap-southeast-2'))).documents).toEqual([]);
  });

  it('refuses a filter type other than TERM_MATCH', async () => {
    const { pricing } = simulatorClients(simulator);
    await expect(
      pricing.send(
        new GetProductsCommand({
          ServiceCode: 'AmazonEC2',
          Filters: [{ Type: 'CONTAINS' as 'TERM_MATCH', Field: 'instanceType', Value: 'm5' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });
});
