/**
 * Money rules shared by budgets, thresholds, anomalies and recommendations. Amounts arrive as USD
 * numbers (the server sums exactly in SQL); comparisons against a threshold happen on whole
 * micro-dollars so an exact edge (spend equal to 80% of the budget) behaves exactly, whatever binary
 * floating point does to 0.1 + 0.2. `formatUsd` is the one way server wording (alert mails, Slack,
 * digests, rule names, explanations) writes an amount; the UI formats its own.
 */

const MICROS_PER_USD = 1_000_000;
const MICROS_PER_CENT = 10_000n;
/** Percentages are compared at 1/100 of a percent. */
const PERCENT_SCALE = 100;

export const HOURS_PER_MONTH = 730;

/** Whole micro-dollars, rounded to the nearest one. */
export function toMicroUsd(usd: number): bigint {
  if (!Number.isFinite(usd)) throw new RangeError(`not an amount: ${usd}`);
  return BigInt(Math.round(usd * MICROS_PER_USD));
}

export function fromMicroUsd(micros: bigint): number {
  return Number(micros) / MICROS_PER_USD;
}

/** Nearest cent, halves away from zero (1.005 -> 1.01, -1.005 -> -1.01). */
export function roundToCents(usd: number): number {
  const micros = toMicroUsd(usd);
  const negative = micros < 0n;
  const magnitude = negative ? -micros : micros;
  const cents = (magnitude + MICROS_PER_CENT / 2n) / MICROS_PER_CENT;
  return Number(negative ? -cents : cents) / 100;
}

/** Sum without the drift of adding many floats: each amount counts to the micro-dollar. */
export function sumUsd(amounts: Iterable<number>): number {
  let total = 0n;
  for (const amount of amounts) total += toMicroUsd(amount);
  return fromMicroUsd(total);
}

function toPercentUnits(percent: number): bigint {
  if (!Number.isFinite(percent)) throw new RangeError(`not a percentage: ${percent}`);
  return BigInt(Math.round(percent * PERCENT_SCALE));
}

/** amount >= percent% of whole, exact at micro-dollars and hundredths of a percent. */
export function reachesPercentOf(amount: number, percent: number, whole: number): boolean {
  const left = toMicroUsd(amount) * 100n * BigInt(PERCENT_SCALE);
  return left >= toPercentUnits(percent) * toMicroUsd(whole);
}

/**
 * amount > (100 + percent)% of the average of `total` over `count` days, compared without dividing:
 * amount * count * 100 > total * (100 + percent).
 */
export function exceedsAverageByMoreThan(
  amount: number,
  percent: number,
  total: number,
  count: number,
): boolean {
  if (!Number.isInteger(count) || count <= 0) throw new RangeError(`not a day count: ${count}`);
  const left = toMicroUsd(amount) * BigInt(count) * 100n * BigInt(PERCENT_SCALE);
  return left > toMicroUsd(total) * (toPercentUnits(percent) + 100n * BigInt(PERCENT_SCALE));
}

/** a > b at micro-dollar resolution. */
export function isMoreThan(a: number, b: number): boolean {
  return toMicroUsd(a) > toMicroUsd(b);
}

/** a >= b at micro-dollar resolution. */
export function isAtLeast(a: number, b: number): boolean {
  return toMicroUsd(a) >= toMicroUsd(b);
}

/** Share of `whole` in percent, or null when there is no whole to compare against. */
export function percentOf(amount: number, whole: number): number | null {
  if (whole <= 0) return null;
  return (amount / whole) * 100;
}

/**
 * An amount as server wording writes it: "$1,234.50" (en-US grouping, two decimals). With
 * `cents: 'when-fractional'`, whole dollars drop the cents ("$100", "$0.50"), as names chosen by a person read.
 */
export function formatUsd(
  amount: number,
  options: { cents: 'always' | 'when-fractional' } = { cents: 'always' },
): string {
  const decimals = options.cents === 'when-fractional' && Number.isInteger(amount) ? 0 : 2;
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}
