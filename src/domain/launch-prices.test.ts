import { describe, expect, it } from 'vitest';
import { type Ec2PriceLookup, hourlyPriceOf } from './launch-prices.ts';

const catalog: Ec2PriceLookup = (type, region) =>
  region === 'us-east-1'
    ? ({ 'p4d.24xlarge': 32.7726, 'm5.large': 0.096 } as Record<string, number>)[type]
    : undefined;

describe('what a launched resource costs an hour', () => {
  it('prices EC2 from the catalog lookup it is given', () => {
    expect(
      hourlyPriceOf({ kind: 'ec2-instance', id: 'i-1', type: 'p4d.24xlarge' }, 'us-east-1', catalog),
    ).toEqual({
      status: 'priced',
      usdPerHour: 32.7726,
      source: 'catalog',
    });
  });

  it('says "price unknown" with the reason for a type the catalog lacks or an event without a type', () => {
    expect(
      hourlyPriceOf({ kind: 'ec2-instance', id: 'i-1', type: 'zz9.huge' }, 'us-east-1', catalog),
    ).toEqual({
      status: 'unknown',
      reason: 'zz9.huge in us-east-1 is not in the price catalog.',
    });
    expect(hourlyPriceOf({ kind: 'ec2-instance', id: 'i-1' }, 'us-east-1', catalog)).toMatchObject({
      status: 'unknown',
      reason: expect.stringContaining('does not name the instance type'),
    });
  });

  it('prices NAT gateways and RDS from the documented tables, Multi-AZ at twice the rate', () => {
    expect(hourlyPriceOf({ kind: 'nat-gateway', id: 'nat-1' }, 'eu-west-1', catalog)).toMatchObject({
      usdPerHour: 0.048,
      source: 'price-table',
    });
    const database = {
      kind: 'rds-instance' as const,
      id: 'orders',
      type: 'db.r6g.large',
      engine: 'postgres',
    };
    expect(hourlyPriceOf(database, 'us-east-1', catalog)).toMatchObject({ usdPerHour: 0.225 });
    expect(hourlyPriceOf({ ...database, multiAz: true }, 'us-east-1', catalog)).toMatchObject({
      usdPerHour: 0.45,
    });
    expect(hourlyPriceOf(database, 'ap-south-1', catalog)).toMatchObject({ status: 'unknown' });
  });

  it('leaves Auto Scaling groups to the instances they launch', () => {
    expect(hourlyPriceOf({ kind: 'auto-scaling-group', id: 'workers' }, 'us-east-1', catalog)).toMatchObject({
      status: 'unknown',
    });
  });
});
