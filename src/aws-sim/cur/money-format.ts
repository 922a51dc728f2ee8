import { MONEY_SCALE } from '../company/line-item.ts';

const FRACTION_DIGITS = String(MONEY_SCALE).length - 1;
const ZERO = `0.${'0'.repeat(FRACTION_DIGITS)}`;

/** Exact decimal text of a 1e-8 USD amount ('-12.34000000'), never passing through floating point. */
export function moneyUnitsToDecimal(units: number): string {
  if (units === 0) return ZERO;
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(FRACTION_DIGITS + 1, '0');
  return `${sign}${digits.slice(0, -FRACTION_DIGITS)}.${digits.slice(-FRACTION_DIGITS)}`;
}
