/** How every screen writes US dollars: cents always, whole dollars only on large headline figures. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

export const formatUsd = (amount: number) => usd.format(amount);

/** Large card figures: whole dollars above $1,000, cents below. */
export const formatUsdHeadline = (amount: number) =>
  (Math.abs(amount) >= 1_000 ? usdWhole : usd).format(amount);
