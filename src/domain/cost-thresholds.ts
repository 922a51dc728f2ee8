/**
 * Cost thresholds, evaluated on one complete day: the day's spend above a fixed amount,
 * or more than N% above the average of the 7 days before it. Each rule alerts once per day.
 */

import { addDays, eachDay, type IsoDay } from './calendar-days.ts';
import { exceedsAverageByMoreThan, isMoreThan, sumUsd } from './money.ts';

export const TRAILING_AVERAGE_DAYS = 7;

export type CostThresholdRule =
  | { id: string; kind: 'daily-amount'; amountUsd: number }
  | { id: string; kind: 'above-trailing-average'; percent: number };

export type CostThresholdVerdict =
  | { verdict: 'fires'; dedupeKey: string; cost: number; limit: number }
  | { verdict: 'quiet'; cost: number; limit: number }
  | { verdict: 'already-fired'; dedupeKey: string }
  | { verdict: 'no-verdict'; reason: string };

export function costThresholdDedupeKey(ruleId: string, day: IsoDay): string {
  return `cost-threshold:${ruleId}:${day}`;
}

export interface CostThresholdInput {
  rule: CostThresholdRule;
  /** The complete day being judged. */
  day: IsoDay;
  /** Spend per day of the filtered scope; the caller enters 0 for a covered day without spend. */
  dailyCosts: ReadonlyMap<IsoDay, number>;
  alreadyFired: ReadonlySet<string>;
}

interface Judgement {
  exceeded: boolean;
  /** The spend the day had to stay at or under. */
  limit: number;
}

function judgeDailyAmount(cost: number, amountUsd: number): Judgement {
  return { exceeded: isMoreThan(cost, amountUsd), limit: amountUsd };
}

function judgeAgainstTrailingAverage(
  cost: number,
  percent: number,
  day: IsoDay,
  dailyCosts: ReadonlyMap<IsoDay, number>,
): Judgement | { missing: IsoDay[] } {
  const previousDays = eachDay(addDays(day, -TRAILING_AVERAGE_DAYS), addDays(day, -1));
  const missing = previousDays.filter((previous) => !dailyCosts.has(previous));
  if (missing.length > 0) return { missing };
  const total = sumUsd(previousDays.map((previous) => dailyCosts.get(previous)!));
  return {
    exceeded: exceedsAverageByMoreThan(cost, percent, total, TRAILING_AVERAGE_DAYS),
    limit: (total / TRAILING_AVERAGE_DAYS) * (1 + percent / 100),
  };
}

export function evaluateCostThreshold({
  rule,
  day,
  dailyCosts,
  alreadyFired,
}: CostThresholdInput): CostThresholdVerdict {
  const cost = dailyCosts.get(day);
  if (cost === undefined) return { verdict: 'no-verdict', reason: `no cost data for ${day}` };
  const judgement =
    rule.kind === 'daily-amount'
      ? judgeDailyAmount(cost, rule.amountUsd)
      : judgeAgainstTrailingAverage(cost, rule.percent, day, dailyCosts);
  if ('missing' in judgement) {
    return {
      verdict: 'no-verdict',
      reason: `needs the ${TRAILING_AVERAGE_DAYS} days before ${day}; missing ${judgement.missing.join(', ')}`,
    };
  }
  if (!judgement.exceeded) return { verdict: 'quiet', cost, limit: judgement.limit };
  const dedupeKey = costThresholdDedupeKey(rule.id, day);
  if (alreadyFired.has(dedupeKey)) return { verdict: 'already-fired', dedupeKey };
  return { verdict: 'fires', dedupeKey, cost, limit: judgement.limit };
}
