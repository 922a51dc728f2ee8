import type { MeteredCharge, MeteredService } from './usage-prices.ts';

/**
 * The meter checked against the bill (docs/decisions/112): for a day the bill covers, what the meter
 * counted against what the bill charged for the same charge, account and region. The error is shown
 * as it is; no estimate is ever adjusted by it.
 */

/** Beyond this relative error the card names why, when the data can say it. */
export const METER_ERROR_TOLERANCE = 0.1;

/**
 * The bill's line items each metered charge follows: its service codes and usage type (region prefix
 * aside). Internet egress from instances may be billed under AWS Data Transfer's own product code
 * (as the simulated company's bill has it) or under Amazon EC2: both are read.
 */
export const BILLED_USAGE_OF_CHARGE: Readonly<
  Record<MeteredCharge, { serviceCodes: readonly string[]; usageType: string }>
> = {
  'nat-gateway-data-processed': { serviceCodes: ['AmazonEC2'], usageType: 'NatGateway-Bytes' },
  'lambda-requests': { serviceCodes: ['AWSLambda'], usageType: 'Request' },
  'lambda-gb-seconds': { serviceCodes: ['AWSLambda'], usageType: 'Lambda-GB-Second' },
  'lambda-gb-seconds-arm': { serviceCodes: ['AWSLambda'], usageType: 'Lambda-GB-Second-ARM' },
  'logs-ingested': { serviceCodes: ['AmazonCloudWatch'], usageType: 'DataProcessing-Bytes' },
  'dynamodb-read-request-units': { serviceCodes: ['AmazonDynamoDB'], usageType: 'ReadRequestUnits' },
  'dynamodb-write-request-units': { serviceCodes: ['AmazonDynamoDB'], usageType: 'WriteRequestUnits' },
  'bedrock-input-tokens': { serviceCodes: ['AmazonBedrock'], usageType: 'input-tokens' },
  'bedrock-output-tokens': { serviceCodes: ['AmazonBedrock'], usageType: 'output-tokens' },
  'ec2-internet-egress-estimate': {
    serviceCodes: ['AWSDataTransfer', 'AmazonEC2'],
    usageType: 'DataTransfer-Out-Bytes',
  },
};

/** The charge a bill line follows, if any: its usage type is the charge's, alone or after a prefix ("USE1-"). */
export function chargeOfBilledLine(serviceCode: string, usageType: string): MeteredCharge | undefined {
  const matches = (Object.keys(BILLED_USAGE_OF_CHARGE) as MeteredCharge[]).filter((charge) => {
    const billed = BILLED_USAGE_OF_CHARGE[charge];
    return (
      billed.serviceCodes.includes(serviceCode) &&
      (usageType === billed.usageType || usageType.endsWith(`-${billed.usageType}`))
    );
  });
  // The longest usage type wins: Lambda-GB-Second-ARM over Lambda-GB-Second.
  return matches.sort(
    (a, b) => BILLED_USAGE_OF_CHARGE[b].usageType.length - BILLED_USAGE_OF_CHARGE[a].usageType.length,
  )[0];
}

/** (metered - billed) / billed; null when the bill charged nothing (no error to state). */
export function meterErrorOf(meteredUsd: number, billedUsd: number): number | null {
  if (billedUsd <= 0) return null;
  return (meteredUsd - billedUsd) / billedUsd;
}

/**
 * Why a service's meter can differ from its bill, named only where the meter's own data shows the
 * cause: EC2 bytes out count traffic within AWS too, which the bill charges differently or not at all.
 */
const KNOWN_REASONS: Partial<Record<MeteredService, string>> = {
  'ec2-egress':
    'EC2 bytes out counts traffic within AWS as well as to the internet: an estimate, billed only for internet egress',
};

export function meterErrorReason(service: MeteredService, error: number | null): string | null {
  if (error === null || Math.abs(error) <= METER_ERROR_TOLERANCE) return null;
  return KNOWN_REASONS[service] ?? null;
}

const usd = (amount: number) => `$${amount.toFixed(2)}`;
const monthDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** "NAT gateway: metered $41.20, billed $42.05, -2.0% (Dec 4)". */
export function meterAccuracyLine(check: {
  serviceLabel: string;
  day: string;
  meteredUsd: number;
  billedUsd: number;
}): string {
  const error = meterErrorOf(check.meteredUsd, check.billedUsd);
  const errorText =
    error === null ? 'the bill charged nothing' : `${error >= 0 ? '+' : ''}${(error * 100).toFixed(1)}%`;
  return `${check.serviceLabel}: metered ${usd(check.meteredUsd)}, billed ${usd(check.billedUsd)}, ${errorText} (${monthDay(check.day)})`;
}

export interface MeteredChargeDay {
  region: string;
  charge: MeteredCharge;
  day: string;
  meteredUsd: number;
}

export interface BilledLineDay {
  region: string;
  day: string;
  serviceCode: string;
  usageType: string;
  usd: number;
}

/**
 * Pairs the meter's priced days with the bill's lines of the same charge, region and day. Only days
 * the meter counted are compared: a day it never read has no error to state.
 */
export function compareMeterWithBill(
  metered: readonly MeteredChargeDay[],
  billed: readonly BilledLineDay[],
): Array<MeteredChargeDay & { billedUsd: number }> {
  const billedBy = new Map<string, number>();
  for (const line of billed) {
    const charge = chargeOfBilledLine(line.serviceCode, line.usageType);
    if (!charge) continue;
    const key = `${line.region}|${charge}|${line.day}`;
    billedBy.set(key, (billedBy.get(key) ?? 0) + line.usd);
  }
  return metered.map((day) => ({
    ...day,
    billedUsd: billedBy.get(`${day.region}|${day.charge}|${day.day}`) ?? 0,
  }));
}

export interface ServiceAccuracy {
  service: MeteredService;
  day: string;
  meteredUsd: number;
  billedUsd: number;
  error: number | null;
  reason: string | null;
}

/** Per service and day, every region and charge of the service summed; the latest `days` days of each. */
export function accuracyByService(
  rows: ReadonlyArray<{ charge: MeteredCharge; day: string; meteredUsd: number; billedUsd: number }>,
  serviceOf: (charge: MeteredCharge) => MeteredService,
  days: number,
): ServiceAccuracy[] {
  const sums = new Map<
    string,
    { service: MeteredService; day: string; meteredUsd: number; billedUsd: number }
  >();
  for (const row of rows) {
    const service = serviceOf(row.charge);
    const key = `${service}|${row.day}`;
    const sum = sums.get(key) ?? { service, day: row.day, meteredUsd: 0, billedUsd: 0 };
    sum.meteredUsd += row.meteredUsd;
    sum.billedUsd += row.billedUsd;
    sums.set(key, sum);
  }
  const ordered = [...sums.values()].sort(
    (a, b) => a.service.localeCompare(b.service) || b.day.localeCompare(a.day),
  );
  return ordered
    .filter(
      (sum, index) => ordered.slice(0, index).filter((other) => other.service === sum.service).length < days,
    )
    .map((sum) => {
      const error = meterErrorOf(sum.meteredUsd, sum.billedUsd);
      return { ...sum, error, reason: meterErrorReason(sum.service, error) };
    });
}

/** How the accuracy line names each service. */
export const SERVICE_LABELS: Readonly<Record<MeteredService, string>> = {
  'nat-gateway': 'NAT gateway',
  lambda: 'Lambda',
  logs: 'CloudWatch Logs',
  dynamodb: 'DynamoDB on-demand',
  bedrock: 'Bedrock',
  'ec2-egress': 'EC2 bytes out',
};
