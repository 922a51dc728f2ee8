import type { BillingData } from '../../contracts/billing-data.ts';
import { formatDay } from '../../domain/calendar-labels.ts';
import { formatUsdHeadline } from './usd-format.ts';

type CommitmentEnd = NonNullable<BillingData['month_end_forecast']>['commitment_ends'][number];

/**
 * What a forecast says of a commitment ending within the month (decision 114), on the dashboard's card
 * and the team page alike: what the forecast includes for it from its end, or that the bill cannot say.
 */
export function commitmentEndText(end: CommitmentEnd): string {
  const when = `from ${formatDay(end.ends_on)}, when ${end.type} ends`;
  if (end.extra_usd === null)
    return `${end.type} ends ${formatDay(end.ends_on)}: the bill does not say its usage's On-Demand cost, so the increase is not included`;
  if (end.extra_usd < 0) return `Includes ${formatUsdHeadline(-end.extra_usd)} less ${when}`;
  return `Includes ${formatUsdHeadline(end.extra_usd)} more ${when}`;
}
