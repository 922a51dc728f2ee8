/** The idle findings other modules read (the idle-EC2 alerts). */

import type { PriceSource } from '../../../contracts/recommendations.ts';
import type { IsoDay } from '../../../domain/calendar-days.ts';
import type { FindingRow } from './ec2-findings.repository.ts';

export interface IdleEc2Finding {
  findingId: string;
  integrationId: string;
  instanceId: string;
  name: string | null;
  accountId: string;
  region: string;
  instanceType: string;
  /** 'terminate-candidate' when CPU never passed 1% in 14 days; 'idle' by Trusted Advisor's rule. */
  verdict: 'idle' | 'terminate-candidate';
  lowUseDays: number;
  /** What the instance costs a month (730 h), i.e. what stopping it saves; null without a price. */
  monthlyWasteUsd: number | null;
  priceSource: PriceSource;
  why: string;
  /** Last day of the 14-day window: with the instance id it keys one alert a month (idleInstanceDedupeKey). */
  windowEnd: IsoDay;
}

export function idleFindingOf(row: FindingRow): IdleEc2Finding {
  return {
    findingId: row.id,
    integrationId: row.integration_id,
    instanceId: row.instance_id,
    name: row.name,
    accountId: row.account_id,
    region: row.region,
    instanceType: row.current_type,
    verdict: row.idle_verdict === 'terminate-candidate' ? 'terminate-candidate' : 'idle',
    lowUseDays: row.low_use_days,
    monthlyWasteUsd: row.monthly_cost_now === null ? null : Number(row.monthly_cost_now),
    priceSource: row.price_source as PriceSource,
    why: row.why,
    windowEnd: row.window_end,
  };
}
