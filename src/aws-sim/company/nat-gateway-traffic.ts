import type { CompanyModel } from './company-model.ts';
import { ACCOUNTS } from './company-profile.ts';
import { resourceUsageUnits, tagsOf } from './family-line-items.ts';
import type { ResourceTags } from './line-item.ts';
import type { ResourceFamily, UsageLine } from './resource-family.ts';
import { DAY_MS, HOUR_MS, isoDay, startOfUtcDay } from './timeline.ts';

/** AWS bills data in GB of 2^30 bytes; CloudWatch counts bytes. */
export const BYTES_PER_BILLED_GB = 2 ** 30;
const MINUTE_MS = 60_000;

/**
 * The two NAT gateway metrics whose sum is what the gateway processed (its data-processing charge):
 * bytes from the VPC's clients out to the destination, and the answers back out to the clients.
 * The share of each is the simulated company's traffic shape, not AWS's.
 */
export const NAT_PROCESSED_METRICS = { BytesOutToDestination: 0.35, BytesOutToSource: 0.65 } as const;
export type NatProcessedMetric = keyof typeof NAT_PROCESSED_METRICS;

export interface NatGateway {
  natGatewayId: string;
  name: string;
  accountId: string;
  region: string;
  tags: ResourceTags;
  family: ResourceFamily;
  bytesLine: UsageLine;
}

/** A NAT gateway sending far more than its usual traffic from `startMs` on (the demo's egress leak). */
export interface NatLeak {
  natGatewayId: string;
  startMs: number;
  gbPerHour: number;
}

/** The company's NAT gateways: the resources of families that bill NatGateway-Bytes. */
export function natGateways(model: Pick<CompanyModel, 'families'>): NatGateway[] {
  return model.families.flatMap((family) => {
    const bytesLine = family.usage.find((line) => line.usageType === 'NatGateway-Bytes');
    if (!bytesLine || !family.resourceId) return [];
    const accountId = ACCOUNTS[family.account].id;
    return family.names.map((name, index) => ({
      natGatewayId: family.resourceId!(name, accountId, family.region).split('/').pop() ?? name,
      name,
      accountId,
      region: family.region,
      tags: tagsOf(family, index),
      family,
      bytesLine,
    }));
  });
}

/** Billed GB of one UTC day spread evenly over its minutes (the bill's daily row is their sum). */
function usualGbPerMinute(model: CompanyModel, gateway: NatGateway, minuteMs: number): number {
  const dayStart = startOfUtcDay(minuteMs);
  const day = { dayStart, day: isoDay(dayStart), end: dayStart + DAY_MS, fraction: 1, hoursInMonth: 720 };
  const dailyGb = resourceUsageUnits(model, gateway.family, gateway.name, gateway.bytesLine, day);
  return dailyGb / (DAY_MS / MINUTE_MS);
}

function leakGbPerMinute(leaks: readonly NatLeak[], gateway: NatGateway, minuteMs: number): number {
  return leaks
    .filter((leak) => leak.natGatewayId === gateway.natGatewayId && minuteMs >= leak.startMs)
    .reduce((sum, leak) => sum + (leak.gbPerHour * MINUTE_MS) / HOUR_MS, 0);
}

/**
 * Bytes of one metric in the finished minutes of [startMs, endMs), one value per minute that has
 * any: the usual traffic (what the bill charges for the same minutes) plus any leak.
 */
export function natMetricMinutes(
  model: CompanyModel,
  leaks: readonly NatLeak[],
  gateway: NatGateway,
  metric: NatProcessedMetric,
  window: { startMs: number; endMs: number; nowMs: number },
): Array<{ minuteMs: number; bytes: number }> {
  const minutes: Array<{ minuteMs: number; bytes: number }> = [];
  const first = Math.ceil(window.startMs / MINUTE_MS) * MINUTE_MS;
  for (let minute = first; minute < window.endMs && minute + MINUTE_MS <= window.nowMs; minute += MINUTE_MS) {
    const gb = usualGbPerMinute(model, gateway, minute) + leakGbPerMinute(leaks, gateway, minute);
    minutes.push({ minuteMs: minute, bytes: gb * BYTES_PER_BILLED_GB * NAT_PROCESSED_METRICS[metric] });
  }
  return minutes;
}
