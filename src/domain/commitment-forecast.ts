/**
 * A commitment that ends within the forecast's month (decision 114): from its end the usage it paid for
 * is billed at On-Demand prices, which the weekday model, trained on weeks the commitment paid, cannot
 * know. Each predicted hour from the end on adds the bill's On-Demand equivalent of the covered usage
 * less what the commitment cost, per hour of its latest 30 days in the bill (decision 098). Days are UTC,
 * as the bill's are.
 */

import { addDays, type IsoDay, isoDayOfInstant, monthEnd, monthStart } from './calendar-days.ts';
import type { ExpiringCommitment } from './commitment-expiry.ts';
import type { MonthEndForecast } from './forecast.ts';
import { sumUsd } from './money.ts';

const MS_PER_HOUR = 3_600_000;
const LAST_DAYS_HOURS = 30 * 24;

/** A commitment whose end the forecast weighs, with its latest 30 days in the bill. */
export interface EndingCommitment {
  id: string;
  type: string;
  /** ISO instant. */
  endsAt: string;
  last30Days: ExpiringCommitment['last30Days'];
}

/** What one commitment's end adds to the month-end forecast; `extra` null when the bill cannot say. */
export interface CommitmentEndInForecast {
  id: string;
  type: string;
  endsAt: string;
  /** The UTC day of its end, from which its usage costs On-Demand. */
  endsOn: IsoDay;
  /** Negative when the commitment cost more than the usage it paid for: the bill goes down. */
  extra: number | null;
}

const instantOfDay = (day: IsoDay) => Date.parse(`${day}T00:00:00Z`);

/** Whether a commitment ends within the calendar month (UTC) that holds `today`. */
export function endsWithinMonthOf(endsAt: string, today: IsoDay): boolean {
  const end = Date.parse(endsAt);
  return end >= instantOfDay(monthStart(today)) && end < instantOfDay(addDays(monthEnd(today), 1));
}

/**
 * The ends of the commitments that fall within the month holding `today`, each with what it adds over
 * the predicted days (from `firstPredicted` to the month's end): the hours after its end, at its latest
 * 30 days' difference per hour. A commitment that ended before the first predicted day adds over every
 * predicted day, as its end is not yet in the weeks the model learns from. A month already complete
 * predicts nothing, and no end is weighed.
 */
export function commitmentEndsInMonth(input: {
  commitments: readonly EndingCommitment[];
  today: IsoDay;
  firstPredicted: IsoDay;
}): CommitmentEndInForecast[] {
  const predictedFrom = instantOfDay(input.firstPredicted);
  const monthOver = instantOfDay(addDays(monthEnd(input.today), 1));
  const hoursAfterEnd = (endsAt: string) =>
    Math.max(0, monthOver - Math.max(Date.parse(endsAt), predictedFrom)) / MS_PER_HOUR;
  return input.commitments
    .filter((commitment) => endsWithinMonthOf(commitment.endsAt, input.today))
    .filter((commitment) => hoursAfterEnd(commitment.endsAt) > 0)
    .map((commitment) => {
      const hours = hoursAfterEnd(commitment.endsAt);
      const figures = commitment.last30Days;
      const perHour = figures
        ? (figures.onDemandEquivalent - figures.commitmentCost) / LAST_DAYS_HOURS
        : null;
      return {
        id: commitment.id,
        type: commitment.type,
        endsAt: commitment.endsAt,
        endsOn: isoDayOfInstant(new Date(commitment.endsAt)),
        extra: perHour === null ? null : perHour * hours,
      };
    })
    .sort((a, b) => a.endsAt.localeCompare(b.endsAt) || a.id.localeCompare(b.id));
}

/**
 * The month-end forecast with what the ends add: the forecast and its interval move by their sum (an
 * unknown one adds nothing), never below what is billed so far.
 */
export function forecastWithCommitmentEnds(
  forecast: MonthEndForecast,
  ends: readonly CommitmentEndInForecast[],
): MonthEndForecast {
  const extra = sumUsd(ends.map((end) => end.extra ?? 0));
  const floor = forecast.monthToDate;
  return {
    ...forecast,
    forecast: Math.max(floor, forecast.forecast + extra),
    lower: Math.max(floor, forecast.lower + extra),
    upper: Math.max(floor, forecast.upper + extra),
  };
}
