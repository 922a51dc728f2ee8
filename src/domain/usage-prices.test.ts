import { describe, expect, it } from 'vitest';
import { USAGE_PRICE_TABLES, usagePriceOf } from './usage-prices.ts';

describe('usagePriceOf', () => {
  it('prices Lambda, Logs, DynamoDB on-demand and EC2 egress per region from the dated table, with its source', () => {
    expect(usagePriceOf('lambda-gb-seconds', 'us-east-1')).toMatchObject({
      status: 'priced',
      usdPerUnit: 0.0000166667,
    });
    expect(usagePriceOf('lambda-requests', 'us-west-2')).toMatchObject({ usdPerUnit: 0.0000002 });
    expect(usagePriceOf('logs-ingested', 'eu-west-1')).toMatchObject({ usdPerUnit: 0.57 });
    const write = usagePriceOf('dynamodb-write-request-units', 'us-east-1');
    expect(write.status === 'priced' && write.usdPerUnit * 1e6).toBeCloseTo(0.625, 9);
    const egress = usagePriceOf('ec2-internet-egress-estimate', 'us-east-1');
    expect(egress).toMatchObject({ status: 'priced', usdPerUnit: 0.09 });
    if (egress.status === 'priced') expect(egress.source).toMatch(/aws.amazon.com\/ec2\/pricing/);
    expect(USAGE_PRICE_TABLES['ec2-internet-egress-estimate'].estimate).toMatch(/estimate/i);
  });

  it('prices Bedrock tokens per model and region, and a model it does not know is "price unknown", never $0', () => {
    const sonnet = usagePriceOf(
      'bedrock-output-tokens',
      'us-east-1',
      undefined,
      'anthropic.claude-3-5-sonnet-20240620-v1:0',
    );
    expect(sonnet.status === 'priced' && sonnet.usdPerUnit * 1000).toBeCloseTo(0.015, 9);
    const unknown = usagePriceOf('bedrock-input-tokens', 'us-east-1', undefined, 'acme.private-model-v9');
    expect(unknown).toMatchObject({ status: 'unknown' });
    if (unknown.status === 'unknown') expect(unknown.reason).toMatch(/acme.private-model-v9/);
  });

  it('names the region a table lacks instead of borrowing another region’s price', () => {
    const price = usagePriceOf('dynamodb-read-request-units', 'ap-east-1');
    expect(price).toMatchObject({ status: 'unknown' });
    if (price.status === 'unknown') expect(price.reason).toMatch(/ap-east-1/);
  });
});
