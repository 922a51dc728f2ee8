import { describe, expect, it } from 'vitest';
import { chargeOfBilledLine, meterAccuracyLine, meterErrorOf, meterErrorReason } from './meter-accuracy.ts';

describe('the meter against the bill', () => {
  it('states the error relative to the bill, and none when the bill charged nothing', () => {
    expect(meterErrorOf(41.2, 42.05)).toBeCloseTo(-0.0202, 4);
    expect(meterErrorOf(3, 0)).toBeNull();
  });

  it('reads a day as "NAT gateway: metered $41.20, billed $42.05, -2.0% (Dec 4)"', () => {
    expect(
      meterAccuracyLine({
        serviceLabel: 'NAT gateway',
        day: '2026-12-04',
        meteredUsd: 41.2,
        billedUsd: 42.05,
      }),
    ).toBe('NAT gateway: metered $41.20, billed $42.05, -2.0% (Dec 4)');
    expect(
      meterAccuracyLine({ serviceLabel: 'Logs', day: '2026-12-01', meteredUsd: 1.1, billedUsd: 1 }),
    ).toBe('Logs: metered $1.10, billed $1.00, +10.0% (Dec 1)');
  });

  it('names a reason only beyond 10% and only where the data says it', () => {
    expect(meterErrorReason('ec2-egress', 0.4)).toMatch(/traffic within AWS/);
    expect(meterErrorReason('ec2-egress', 0.05)).toBeNull();
    expect(meterErrorReason('nat-gateway', 0.4)).toBeNull();
  });

  it('matches bill lines to charges with or without a region prefix, the longest usage type first', () => {
    expect(chargeOfBilledLine('AmazonEC2', 'USE2-NatGateway-Bytes')).toBe('nat-gateway-data-processed');
    expect(chargeOfBilledLine('AmazonEC2', 'NatGateway-Bytes')).toBe('nat-gateway-data-processed');
    expect(chargeOfBilledLine('AWSLambda', 'USE1-Lambda-GB-Second-ARM')).toBe('lambda-gb-seconds-arm');
    expect(chargeOfBilledLine('AWSLambda', 'Lambda-GB-Second')).toBe('lambda-gb-seconds');
    expect(chargeOfBilledLine('AmazonEC2', 'NatGateway-Hours')).toBeUndefined();
    expect(chargeOfBilledLine('AmazonS3', 'NatGateway-Bytes')).toBeUndefined();
  });
});

describe('the bill lines internet egress follows', () => {
  it('reads EC2 egress under AWS Data Transfer (current bills) and Amazon EC2 (older ones)', () => {
    expect(chargeOfBilledLine('AWSDataTransfer', 'USE1-DataTransfer-Out-Bytes')).toBe(
      'ec2-internet-egress-estimate',
    );
    expect(chargeOfBilledLine('AmazonEC2', 'DataTransfer-Out-Bytes')).toBe('ec2-internet-egress-estimate');
    expect(chargeOfBilledLine('AWSDataTransfer', 'DataTransfer-Regional-Bytes')).toBeUndefined();
  });
});
