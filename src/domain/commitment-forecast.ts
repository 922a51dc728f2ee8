/**
 * A commitment that ends within the forecast's month or a budget's period (decisions 114, 137): from its end the usage it paid for
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
  return endsWithinWeighedDays(endsAt, today, monthEnd(today));
}

/**
 * Whether a forecast to `periodEnd` weighs a commitment's end: from the start of the month holding
 * `today` to the period's end (decision 137). An end in an earlier month is already in the bill the
 * forecast learns from.
 */
export function endsWithinWeighedDays(endsAt: string, today: IsoDay, periodEnd: IsoDay): boolean {
  const end = Date.parse(endsAt);
  return end >= instantOfDay(monthStart(today)) && end < instantOfDay(addDays(periodEnd, 1));
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
  return commitmentEndsInPeriod({ ...input, periodEnd: monthEnd(input.today) });
}

/**
 * The month's rule over a budget's period (decision 137): the ends from the month holding `today` to
 * `periodEnd`, each adding its hours from its end (or from the first predicted day) to the period's end.
 */
export function commitmentEndsInPeriod(input: {
  commitments: readonly EndingCommitment[];
  today: IsoDay;
  firstPredicted: IsoDay;
  periodEnd: IsoDay;
}): CommitmentEndInForecast[] {
  const predictedFrom = instantOfDay(input.firstPredicted);
  const periodOver = instantOfDay(addDays(input.periodEnd, 1));
  const hoursAfterEnd = (endsAt: string) =>
    Math.max(0, periodOver - Math.max(Date.parse(endsAt), predictedFrom)) / MS_PER_HOUR;
  return input.commitments
    .filter((commitment) => endsWithinWeighedDays(commitment.endsAt, input.today, input.periodEnd))
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
  const extra = extraOfEnds(ends);
  const floor = forecast.monthToDate;
  return {
    ...forecast,
    forecast: Math.max(floor, forecast.forecast + extra),
    lower: Math.max(floor, forecast.lower + extra),
    upper: Math.max(floor, forecast.upper + extra),
  };
}

/** What the ends add together; an unknown one adds nothing. */
function extraOfEnds(ends: readonly CommitmentEndInForecast[]): number {
  return sumUsd(ends.map((end) => end.extra ?? 0));
}

/**
 * A budget's bill forecast with what the ends add (decision 137), never below what the period billed so
 * far; no forecast stays none, as the bill alone cannot say the period's spend, and then counts no end.
 */
export function budgetForecastWithCommitmentEnds<End extends CommitmentEndInForecast>(
  toDate: number,
  billForecast: number | null,
  ends: readonly End[],
): { forecast: number | null; counted: readonly End[] } {
  if (billForecast === null) return { forecast: null, counted: [] };
  if (ends.length === 0) return { forecast: billForecast, counted: ends };
  return { forecast: Math.max(toDate, billForecast + extraOfEnds(ends)), counted: ends };
}
