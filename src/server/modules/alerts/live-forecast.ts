import type { CostFilter } from '../../../contracts/alerts.ts';
import type { BudgetPeriod } from '../../../domain/budgets.ts';
import { addDays } from '../../../domain/calendar-days.ts';
import { isAwsProvider } from '../../../domain/cloud-providers.ts';
import {
  budgetForecastWithCommitmentEnds,
  type CommitmentEndInForecast,
} from '../../../domain/commitment-forecast.ts';
import { budgetWatchesRow, liveAdditionToBudget } from '../../../domain/launch-alerts.ts';
import type { PricedLedgerRow } from '../../../domain/live-run-rate.ts';
import {
  filterWatchesReading,
  type LiveSpendReading,
  meteredAdditionToBudget,
} from '../../../domain/live-spend-alerts.ts';
import { sumUsd } from '../../../domain/money.ts';
import type { LiveLedgerView } from './live-ledger-source.ts';

/** A budget period as instants: [start, end) in UTC. */
export function periodBoundsMs(period: BudgetPeriod): { periodStartMs: number; periodEndMs: number } {
  return {
    periodStartMs: Date.parse(`${period.start}T00:00:00Z`),
    periodEndMs: Date.parse(`${addDays(period.end, 1)}T00:00:00Z`),
  };
}

/** Which live ledger rows a budget's filter takes in (src/domain/launch-alerts.ts: no rows for a tag). */
export function budgetRowFilter(filter: CostFilter): (row: PricedLedgerRow) => boolean {
  const watched = {
    accountIds: filter.account_ids,
    services: filter.services,
    tag: filter.tag,
    providers: filter.providers,
  };
  return (row) => budgetWatchesRow(watched, row);
}

/**
 * Which metered resources a budget's filter takes in: its accounts, services and tag (a tag the meter
 * does not know never matches), and none when it names only providers other than AWS.
 */
export function budgetReadingFilter(filter: CostFilter): (reading: LiveSpendReading) => boolean {
  const awsCounted = filter.providers.length === 0 || filter.providers.some(isAwsProvider);
  const watched = { accountIds: filter.account_ids, services: filter.services, tag: filter.tag };
  return (reading) => awsCounted && filterWatchesReading(watched, reading);
}

/**
 * The live run-rate's part of a budget's forecast: what running resources launched since the bill data
 * add to the period if they keep running, plus what metered resources run above their usual rate to
 * the period's end (docs/decisions/096). Labelled apart wherever the forecast is shown.
 */
export function liveForecastOf(
  live: LiveLedgerView,
  budget: { filter: CostFilter },
  period: BudgetPeriod,
): { usd: number; launchesUsd: number; meteredUsd: number; unpriced: PricedLedgerRow[] } {
  const bounds = periodBoundsMs(period);
  const launches = liveAdditionToBudget(live.running, { ...bounds, watches: budgetRowFilter(budget.filter) });
  const metered = meteredAdditionToBudget(
    live.metered ?? [],
    { ...bounds, watches: budgetReadingFilter(budget.filter) },
    live.atMs,
  );
  return {
    usd: sumUsd([launches.usd, metered.usd]),
    launchesUsd: launches.usd,
    meteredUsd: metered.usd,
    unpriced: launches.unpriced,
  };
}

/** The bill forecast plus the live part; when the bill has no forecast, its actual spend plus the live part. */
function forecastWithLiveRunRate(
  actual: number,
  billForecast: number | null,
  liveUsd: number,
): number | null {
  if (liveUsd === 0) return billForecast;
  return sumUsd([billForecast ?? actual, liveUsd]);
}

/**
 * A budget's projection from the bill alone, as the launch and live-spend rules' budget condition starts
 * from it: the bill's forecast (its actual spend when it has none) with what commitments ending in the
 * period add (decision 137); `commitmentEnds` are the ends it counted.
 */
export function budgetBillProjectionOf<End extends CommitmentEndInForecast>(
  spend: { actual: number; forecast: number | null },
  ends: readonly End[],
): { billProjection: number; commitmentEnds: readonly End[] } {
  const bill = budgetForecastWithCommitmentEnds(spend.actual, spend.forecast, ends);
  return { billProjection: bill.forecast ?? spend.actual, commitmentEnds: bill.counted };
}

/**
 * A budget's forecast: the bill's, with what commitments ending in its period add (decision 137), then the
 * live run-rate; `ends` are the ends it counted.
 */
export function budgetForecastOf<End extends CommitmentEndInForecast>(
  spend: { actual: number; forecast: number | null },
  ends: readonly End[],
  liveUsd: number,
): { forecastSpend: number | null; ends: readonly End[] } {
  const bill = budgetForecastWithCommitmentEnds(spend.actual, spend.forecast, ends);
  return { forecastSpend: forecastWithLiveRunRate(spend.actual, bill.forecast, liveUsd), ends: bill.counted };
}
