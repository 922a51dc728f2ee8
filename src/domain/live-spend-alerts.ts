/**
 * The `live-spend` alert rule (docs/decisions/096): conditions on what the usage meter reads now
 * (docs/decisions/091), judged on generic readings (a resource, its service, its $ an hour, its tags) so
 * every metered charge fits without a change here. A rule fires when
 *
 * - **resource above**: one resource's live $ an hour is above the amount;
 * - **service above**: a service's metered resources together run above the amount an hour;
 * - **usual multiple**: a resource's live $ an hour is more than N times its usual rate for that hour
 *   of the week (the median of the same hour one to four weeks before, when two weeks have data; else
 *   the median hour of the past day, when twelve hours have data), and at least the minimum;
 * - **budget**: what metered resources run above their usual rate, to the period's end, is what
 *   carries a budget's projection (its bill forecast plus launches) over its amount.
 *
 * Each fires once per subject (resource, service or budget), condition and period (the UTC day; the
 * budget's period): its dedupe key names all three, so every meter read and every evaluation pass
 * after it adds nothing. A resource without a price never counts as $0: it cannot cross a dollar
 * condition, and a service's sum that leaves it out says "at least".
 */

import type { CommitmentEndInForecast } from './commitment-forecast.ts';
import type { MeteredOwner } from './metered-owner.ts';
import { isMoreThan, roundToCents, sumUsd } from './money.ts';
import { median } from './statistics.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Earlier weeks whose same hour makes the usual rate; at least two of them must have data. */
export const USUAL_WEEKS = 4;
export const USUAL_MIN_WEEKS = 2;
/** Without two weeks, the past day's hours make the usual rate once at least this many have data. */
export const USUAL_MIN_PAST_DAY_HOURS = 12;

/** One metered resource now, whatever the service (NAT gateway, function, log group, table, model). */
export interface LiveSpendReading {
  /** Stable across reads: integration, region, charge and resource. */
  key: string;
  integrationId: string;
  /** The AWS account it runs in, when known. */
  accountId: string | null;
  region: string;
  charge: string;
  /** The billing service names it is charged under (CUR product code and Cost Explorer names). */
  services: readonly string[];
  /** The service as people name it, e.g. "Amazon VPC". */
  serviceLabel: string;
  /** What the resource is, e.g. "NAT gateway". */
  resourceLabel: string;
  resourceId: string;
  /** What it used in the last hour, in `unit`; null: no datapoints. */
  lastHourQuantity: number | null;
  /** Its live pace: what its latest periods used, per hour (see `liveRateOf`); null: no datapoints. */
  quantityPerHour: number | null;
  /** What the latest periods used, and over how many minutes. */
  recent: { quantity: number; minutes: number; endMs: number } | null;
  unit: string;
  /** The verb of its quantity: "processed", "ingested", "consumed". */
  quantityVerb: string;
  /** The live pace priced: what the rules judge. */
  usdPerHour: number | null;
  usdPerDay: number | null;
  priceUnknownReason?: string;
  lastDatapointAtMs: number | null;
  /** Its tags when the meter knows them; empty when not. */
  tags: Readonly<Record<string, string>>;
  /** Who owns it by its tags, "no owner tag", or not known with why (docs/decisions/125). */
  owner: MeteredOwner;
  /** The same hour's quantity one, two… weeks before (null: no data that week), newest first. */
  sameHourPastWeeks: ReadonlyArray<number | null>;
  /** The quantity of each complete hour of the past day before the last hour that has data. */
  pastDayHours: readonly number[];
}

export interface UsualRate {
  quantity: number;
  /** The usual quantity at the price of the last hour; null when that price is not known. */
  usdPerHour: number | null;
  basis: 'hour-of-week' | 'past-day';
  /** How many weeks or hours the median was taken over. */
  samples: number;
}

/** The price of one unit as the live pace was priced; null when unpriced or nothing was used. */
function unitPriceOf(reading: LiveSpendReading): number | null {
  if (reading.usdPerHour === null || !reading.quantityPerHour) return null;
  return reading.usdPerHour / reading.quantityPerHour;
}

/**
 * How much of the latest time makes the live pace, and how far back its periods may be: the fewest latest
 * periods that cover two minutes (two at one-minute periods, one at five).
 */
export const LIVE_RATE_MIN_MS = 2 * 60_000;
export const LIVE_RATE_LOOKBACK_MS = 30 * 60_000;

/**
 * A resource's live pace (docs/decisions/096, 104, 140): what its latest stored periods covering two
 * minutes used (one five-minute period, or two one-minute ones; within the last half hour), per hour,
 * priced as its last hour was. The last hour's sum lags a change by up to an hour (a leak of 182 GB an
 * hour shows as 15 GB after five minutes); the latest periods show it as soon as one is full of it, and
 * two minutes keep a single minute's burst from counting alone. Without a recent period the last hour is
 * the pace.
 */
export function liveRateOf(
  lastHour: { quantity: number | null; usd: number | null; priceUnknownReason?: string },
  periods: ReadonlyArray<{ periodStartMs: number; quantity: number }>,
  atMs: number,
  periodMs: number,
): Pick<LiveSpendReading, 'quantityPerHour' | 'recent' | 'usdPerHour' | 'usdPerDay'> {
  const latest = periods
    .filter((period) => period.periodStartMs >= atMs - LIVE_RATE_LOOKBACK_MS && period.periodStartMs < atMs)
    .sort((a, b) => b.periodStartMs - a.periodStartMs)
    .slice(0, Math.max(1, Math.ceil(LIVE_RATE_MIN_MS / periodMs)));
  const recent =
    latest.length === 0
      ? null
      : {
          quantity: latest.reduce((sum, period) => sum + period.quantity, 0),
          minutes: (latest.length * periodMs) / 60_000,
          endMs: (latest[0] as { periodStartMs: number }).periodStartMs + periodMs,
        };
  const quantityPerHour = recent ? (recent.quantity * 60) / recent.minutes : lastHour.quantity;
  const unitPrice = lastHour.usd === null ? null : lastHour.quantity ? lastHour.usd / lastHour.quantity : 0;
  const usdPerHour =
    quantityPerHour === null || unitPrice === null ? null : roundToCents(quantityPerHour * unitPrice);
  return {
    quantityPerHour,
    recent,
    usdPerHour,
    usdPerDay: usdPerHour === null ? null : roundToCents(usdPerHour * 24),
  };
}

/** The resource's usual rate for this hour of the week, or of the past day; null while too little is stored. */
export function usualRateOf(reading: LiveSpendReading): UsualRate | null {
  const weeks = reading.sameHourPastWeeks
    .slice(0, USUAL_WEEKS)
    .filter((quantity): quantity is number => quantity !== null);
  const chosen =
    weeks.length >= USUAL_MIN_WEEKS
      ? { values: weeks, basis: 'hour-of-week' as const }
      : reading.pastDayHours.length >= USUAL_MIN_PAST_DAY_HOURS
        ? { values: [...reading.pastDayHours], basis: 'past-day' as const }
        : null;
  if (!chosen) return null;
  const quantity = median(chosen.values);
  const unitPrice = unitPriceOf(reading);
  return {
    quantity,
    usdPerHour: unitPrice !== null ? roundToCents(quantity * unitPrice) : reading.usdPerHour === 0 ? 0 : null,
    basis: chosen.basis,
    samples: chosen.values.length,
  };
}

/** What the resource runs above its usual rate an hour; null when either is unknown. */
export function excessUsdPerHour(reading: LiveSpendReading): number | null {
  if (reading.usdPerHour === null) return null;
  const usual = usualRateOf(reading);
  if (!usual || usual.usdPerHour === null) return null;
  return Math.max(0, roundToCents(reading.usdPerHour - usual.usdPerHour));
}

/** What a rate adds from `atMs` to the end of a period if it goes on. */
export function untilEnd(usdPerHour: number, atMs: number, endMs: number): number {
  return endMs > atMs ? roundToCents((usdPerHour * (endMs - atMs)) / HOUR_MS) : 0;
}

/** The end of the UTC month of `atMs` (exclusive). */
export function monthEndMs(atMs: number): number {
  const at = new Date(atMs);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
}

/** Which readings a rule's filter takes in: its accounts, services and tag (a tag the meter does not know never matches). */
export interface LiveSpendFilter {
  accountIds: readonly string[];
  services: readonly string[];
  tag: { key: string; value: string } | null;
}

export function filterWatchesReading(filter: LiveSpendFilter, reading: LiveSpendReading): boolean {
  if (filter.accountIds.length > 0 && (!reading.accountId || !filter.accountIds.includes(reading.accountId)))
    return false;
  if (filter.services.length > 0 && !filter.services.some((service) => reading.services.includes(service)))
    return false;
  if (filter.tag && reading.tags[filter.tag.key] !== filter.tag.value) return false;
  return true;
}

export interface LiveSpendConditions {
  resourceAbove?: { usdPerHour: number };
  serviceAbove?: { usdPerHour: number };
  usualMultiple?: { multiple: number; minUsdPerHour: number };
  budgets?: boolean;
}

/** A budget as the live-spend rule judges it: its projection without the meter, its period and filter. */
export interface MeteredBudget {
  id: string;
  name: string;
  amount: number;
  /** The bill's forecast (or actual), with what commitments ending in the period add, plus what launches add. */
  projectionWithoutMeter: number;
  /** The commitment ends `projectionWithoutMeter` counts, for the alert to name. */
  commitmentEnds: readonly CommitmentEndInForecast[];
  periodKey: string;
  periodStartMs: number;
  periodEndMs: number;
  watches: (reading: LiveSpendReading) => boolean;
}

export type LiveSpendCondition = 'above' | 'usual' | 'service' | 'budget';

export interface ResourceFiring {
  subject: 'resource';
  dedupeKey: string;
  reading: LiveSpendReading;
  above?: { limit: number };
  usual?: { multiple: number; minUsdPerHour: number; usual: UsualRate; times: number };
  /** What it adds to this month if it goes on, and how much of that is above its usual rate. */
  monthEnd: { addsUsd: number; aboveUsualUsd: number | null; monthEndMs: number };
}

export interface ServiceFiring {
  subject: 'service';
  dedupeKey: string;
  serviceLabel: string;
  limit: number;
  usdPerHour: number;
  /** Its resources, costliest first. */
  readings: LiveSpendReading[];
  unpriced: LiveSpendReading[];
  monthEnd: { addsUsd: number; monthEndMs: number };
}

export interface BudgetFiring {
  subject: 'budget';
  dedupeKey: string;
  budget: Pick<
    MeteredBudget,
    'id' | 'name' | 'amount' | 'periodKey' | 'projectionWithoutMeter' | 'commitmentEnds'
  >;
  /** What metered resources add above their usual rate to the period's end. */
  meteredUsd: number;
  projected: number;
  /** The readings that run above their usual rate, largest first. */
  readings: Array<{ reading: LiveSpendReading; excessUsdPerHour: number }>;
}

export type LiveSpendFiring = ResourceFiring | ServiceFiring | BudgetFiring;

export interface LiveSpendRuleInput {
  ruleId: string;
  conditions: LiveSpendConditions;
  filter: LiveSpendFilter;
  readings: readonly LiveSpendReading[];
  budgets: readonly MeteredBudget[];
  atMs: number;
  alreadyFired: ReadonlySet<string>;
}

/**
 * `live-spend:<rule>:<period>:<conditions>:<subject>`: one alert per subject, condition and period; the
 * conditions that fired together are joined by "+" (one message), and each counts as fired after.
 */
export function liveSpendDedupeKey(
  ruleId: string,
  period: string,
  conditions: readonly LiveSpendCondition[],
  subject: string,
): string {
  return `live-spend:${ruleId}:${period}:${conditions.join('+')}:${subject}`;
}

/** The conditions already fired for a subject in a period, whatever they fired with. */
export function firedConditionsOf(
  alreadyFired: ReadonlySet<string>,
  ruleId: string,
  period: string,
  subject: string,
): Set<LiveSpendCondition> {
  const prefix = `live-spend:${ruleId}:${period}:`;
  const fired = new Set<LiveSpendCondition>();
  for (const key of alreadyFired) {
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length);
    const colon = rest.indexOf(':');
    if (colon < 0 || rest.slice(colon + 1) !== subject) continue;
    for (const condition of rest.slice(0, colon).split('+')) fired.add(condition as LiveSpendCondition);
  }
  return fired;
}

const utcDay = (atMs: number) => new Date(Math.floor(atMs / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

function resourceFirings(input: LiveSpendRuleInput, readings: readonly LiveSpendReading[]): ResourceFiring[] {
  const { ruleId, conditions, atMs } = input;
  const day = utcDay(atMs);
  const firings: ResourceFiring[] = [];
  for (const reading of readings) {
    if (reading.usdPerHour === null) continue;
    const subject = `resource/${reading.key}`;
    const before = firedConditionsOf(input.alreadyFired, ruleId, day, subject);
    const fires: LiveSpendCondition[] = [];
    let above: ResourceFiring['above'];
    let usual: ResourceFiring['usual'];
    if (
      conditions.resourceAbove &&
      !before.has('above') &&
      isMoreThan(reading.usdPerHour, conditions.resourceAbove.usdPerHour)
    ) {
      above = { limit: conditions.resourceAbove.usdPerHour };
      fires.push('above');
    }
    const rate = usualRateOf(reading);
    if (conditions.usualMultiple && !before.has('usual') && rate && rate.usdPerHour !== null) {
      const { multiple, minUsdPerHour } = conditions.usualMultiple;
      if (
        !isMoreThan(minUsdPerHour, reading.usdPerHour) &&
        isMoreThan(reading.usdPerHour, roundToCents(multiple * rate.usdPerHour))
      ) {
        usual = {
          multiple,
          minUsdPerHour,
          usual: rate,
          times: rate.usdPerHour === 0 ? Number.POSITIVE_INFINITY : reading.usdPerHour / rate.usdPerHour,
        };
        fires.push('usual');
      }
    }
    if (fires.length === 0) continue;
    const endMs = monthEndMs(atMs);
    const excess = excessUsdPerHour(reading);
    firings.push({
      subject: 'resource',
      dedupeKey: liveSpendDedupeKey(ruleId, day, fires, subject),
      reading,
      above,
      usual,
      monthEnd: {
        addsUsd: untilEnd(reading.usdPerHour, atMs, endMs),
        aboveUsualUsd: excess === null ? null : untilEnd(excess, atMs, endMs),
        monthEndMs: endMs,
      },
    });
  }
  return firings;
}

const byCost = (a: LiveSpendReading, b: LiveSpendReading) =>
  (b.usdPerHour ?? -1) - (a.usdPerHour ?? -1) || a.key.localeCompare(b.key);

function serviceFirings(input: LiveSpendRuleInput, readings: readonly LiveSpendReading[]): ServiceFiring[] {
  const limit = input.conditions.serviceAbove?.usdPerHour;
  if (limit === undefined) return [];
  const day = utcDay(input.atMs);
  const byService = new Map<string, LiveSpendReading[]>();
  for (const reading of readings)
    byService.set(reading.serviceLabel, [...(byService.get(reading.serviceLabel) ?? []), reading]);
  const firings: ServiceFiring[] = [];
  for (const [serviceLabel, members] of [...byService].sort(([a], [b]) => a.localeCompare(b))) {
    const subject = `service/${serviceLabel}`;
    if (firedConditionsOf(input.alreadyFired, input.ruleId, day, subject).has('service')) continue;
    const priced = members.filter((reading) => reading.usdPerHour !== null);
    const usdPerHour = sumUsd(priced.map((reading) => reading.usdPerHour as number));
    if (!isMoreThan(usdPerHour, limit)) continue;
    const endMs = monthEndMs(input.atMs);
    firings.push({
      subject: 'service',
      dedupeKey: liveSpendDedupeKey(input.ruleId, day, ['service'], subject),
      serviceLabel,
      limit,
      usdPerHour,
      readings: [...priced].sort(byCost),
      unpriced: members.filter((reading) => reading.usdPerHour === null),
      monthEnd: { addsUsd: untilEnd(usdPerHour, input.atMs, endMs), monthEndMs: endMs },
    });
  }
  return firings;
}

/** What the metered readings a budget watches add above their usual rate to its period's end. */
export function meteredAdditionToBudget(
  readings: readonly LiveSpendReading[],
  budget: Pick<MeteredBudget, 'periodStartMs' | 'periodEndMs' | 'watches'>,
  atMs: number,
): { usd: number; readings: Array<{ reading: LiveSpendReading; excessUsdPerHour: number }> } {
  if (atMs < budget.periodStartMs) return { usd: 0, readings: [] };
  const above = readings
    .filter(budget.watches)
    .flatMap((reading) => {
      const excess = excessUsdPerHour(reading);
      return excess !== null && excess > 0 ? [{ reading, excessUsdPerHour: excess }] : [];
    })
    .sort((a, b) => b.excessUsdPerHour - a.excessUsdPerHour || a.reading.key.localeCompare(b.reading.key));
  return {
    usd: sumUsd(above.map((entry) => untilEnd(entry.excessUsdPerHour, atMs, budget.periodEndMs))),
    readings: above,
  };
}

function budgetFirings(input: LiveSpendRuleInput, readings: readonly LiveSpendReading[]): BudgetFiring[] {
  if (!input.conditions.budgets) return [];
  return input.budgets.flatMap((budget): BudgetFiring[] => {
    const subject = `budget/${budget.id}`;
    if (firedConditionsOf(input.alreadyFired, input.ruleId, budget.periodKey, subject).has('budget'))
      return [];
    if (isMoreThan(budget.projectionWithoutMeter, budget.amount)) return [];
    const metered = meteredAdditionToBudget(readings, budget, input.atMs);
    const projected = sumUsd([budget.projectionWithoutMeter, metered.usd]);
    if (!isMoreThan(projected, budget.amount)) return [];
    return [
      {
        subject: 'budget',
        dedupeKey: liveSpendDedupeKey(input.ruleId, budget.periodKey, ['budget'], subject),
        budget: {
          id: budget.id,
          name: budget.name,
          amount: budget.amount,
          periodKey: budget.periodKey,
          projectionWithoutMeter: budget.projectionWithoutMeter,
          commitmentEnds: budget.commitmentEnds,
        },
        meteredUsd: metered.usd,
        projected,
        readings: metered.readings,
      },
    ];
  });
}

/**
 * What fires the rule now. Deterministic in its input: the same readings with the keys already fired
 * find nothing new, so a read every few minutes alerts once per subject, condition and period.
 */
export function evaluateLiveSpendRule(input: LiveSpendRuleInput): LiveSpendFiring[] {
  const readings = input.readings.filter((reading) => filterWatchesReading(input.filter, reading));
  return [
    ...resourceFirings(input, readings),
    ...serviceFirings(input, readings),
    ...budgetFirings(input, readings),
  ];
}

/** How a metered charge is named: its resource, the verb of its quantity and the services it is billed under. */
export interface MeteredChargeNames {
  resourceLabel: string;
  quantityVerb: string;
  serviceLabel: string;
  services: readonly string[];
}

const CHARGE_NAMES: Readonly<Record<string, MeteredChargeNames>> = {
  'nat-gateway-data-processed': {
    resourceLabel: 'NAT gateway',
    quantityVerb: 'processed',
    serviceLabel: 'Amazon VPC (NAT gateway data)',
    services: [
      'AmazonEC2',
      'Amazon Elastic Compute Cloud',
      'EC2 - Other',
      'AmazonVPC',
      'Amazon Virtual Private Cloud',
    ],
  },
};

/** The names of a charge; a charge not listed yet is named by itself, never left out. */
export function meteredChargeNames(charge: string): MeteredChargeNames {
  return (
    CHARGE_NAMES[charge] ?? {
      resourceLabel: 'Metered resource',
      quantityVerb: 'used',
      serviceLabel: charge,
      services: [],
    }
  );
}

const WEEK_MS = 7 * DAY_MS;

/**
 * The windows a resource's usual rate is read from at `atMs`: the last hour shifted back one to four
 * weeks, and the 24 complete hours before the last hour.
 */
export function usualRateWindows(atMs: number): {
  weeks: Array<{ startMs: number; endMs: number }>;
  pastDay: { startMs: number; endMs: number };
  recent: { startMs: number; endMs: number };
} {
  return {
    recent: { startMs: atMs - LIVE_RATE_LOOKBACK_MS, endMs: atMs },
    weeks: Array.from({ length: USUAL_WEEKS }, (_, index) => ({
      startMs: atMs - (index + 1) * WEEK_MS - HOUR_MS,
      endMs: atMs - (index + 1) * WEEK_MS,
    })),
    pastDay: { startMs: atMs - 25 * HOUR_MS, endMs: atMs - HOUR_MS },
  };
}

/**
 * A resource's stored periods (any within the windows above) as the history its usual rate needs. An
 * hour with no period is no data, never 0; an hour that starts before the resource's first stored
 * period is left out (the meter had not started, so a part-hour would read low).
 */
export function usualRateHistory(
  periods: ReadonlyArray<{ periodStartMs: number; quantity: number }>,
  atMs: number,
  firstPeriodMs: number,
): Pick<LiveSpendReading, 'sameHourPastWeeks' | 'pastDayHours'> {
  const within = (startMs: number, endMs: number) => {
    const chosen = periods.filter(
      (period) => period.periodStartMs >= startMs && period.periodStartMs < endMs,
    );
    return chosen.length === 0 ? null : chosen.reduce((sum, period) => sum + period.quantity, 0);
  };
  const windows = usualRateWindows(atMs);
  const pastDayHours: number[] = [];
  for (let hour = 1; hour <= 24; hour += 1) {
    const startMs = atMs - (hour + 1) * HOUR_MS;
    if (startMs < firstPeriodMs) continue;
    const quantity = within(startMs, startMs + HOUR_MS);
    if (quantity !== null) pastDayHours.push(quantity);
  }
  return {
    sameHourPastWeeks: windows.weeks.map((week) =>
      week.startMs < firstPeriodMs ? null : within(week.startMs, week.endMs),
    ),
    pastDayHours,
  };
}
