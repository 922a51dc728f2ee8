/**
 * What a forecast says of a commitment ending within its days (decisions 114 and 137), in the same words
 * on the dashboard's card, the team page, the budget screen and a budget's forecast alert: what the
 * forecast includes for it from its end, or that the bill cannot say. Each caller writes dollars its way.
 */

import { formatDay } from './calendar-labels.ts';

export interface CommitmentEndWords {
  type: string;
  ends_on: string;
  extra_usd: number | null;
}

export function commitmentEndSentence(
  end: CommitmentEndWords,
  formatUsd: (amount: number) => string,
  /** What names the commitment; its type by default. */
  name: string = end.type,
): string {
  const when = `from ${formatDay(end.ends_on)}, when ${name} ends`;
  if (end.extra_usd === null)
    return `${name} ends ${formatDay(end.ends_on)}: the bill does not say its usage's On-Demand cost, so the increase is not included`;
  if (end.extra_usd < 0) return `Includes ${formatUsd(-end.extra_usd)} less ${when}`;
  return `Includes ${formatUsd(end.extra_usd)} more ${when}`;
}
