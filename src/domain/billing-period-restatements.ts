/**
 * A restated billing period that drops a month's spend by more than half is more often a cut or partial
 * file than a real restatement (a FOCUS file cut at a line end took a month from 307.63 to
 * 82.12 USD). Such a replacement is held until a person confirms it; an export AWS delivered with a
 * manifest is trusted but still named.
 */

import { formatMonthLong } from './calendar-labels.ts';

export interface PeriodTotal {
  /** 'YYYY-MM-01' */
  period: string;
  /** Unblended spend in USD. */
  usd: number;
}

export interface ShrinkingPeriod {
  period: string;
  currentUsd: number;
  incomingUsd: number;
}

/** The incoming total must keep at least this share of the current one to replace it unasked. */
export const KEPT_SHARE_WITHOUT_CONFIRMATION = 0.5;

/** The periods that already hold spend and that the incoming file would lower by more than half. */
export function findShrinkingPeriods(current: PeriodTotal[], incoming: PeriodTotal[]): ShrinkingPeriod[] {
  const now = new Map(current.map((total) => [total.period, total.usd]));
  return incoming
    .flatMap(({ period, usd }) => {
      const currentUsd = now.get(period);
      if (currentUsd === undefined || currentUsd <= 0) return [];
      if (usd >= currentUsd * KEPT_SHARE_WITHOUT_CONFIRMATION) return [];
      return [{ period, currentUsd, incomingUsd: usd }];
    })
    .sort((a, b) => a.period.localeCompare(b.period));
}

const usd = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/**
 * For run notes: 'the September 2024 bill from $1,307.63 to $82.12'. A billing period, not the month's
 * days: a line charged on Sep 30 and billed in October counts in October here, and on Sep 30 elsewhere.
 */
export function describeShrinkingPeriod(shrinking: ShrinkingPeriod): string {
  return `the ${formatMonthLong(shrinking.period)} bill from ${usd(shrinking.currentUsd)} to ${usd(shrinking.incomingUsd)}`;
}

/** Why the months shrank, or that they wait: a person's upload is held, AWS's restatement trusted. */
export type ShrinkingOutcome = 'held' | 'restated-by-aws' | 'confirmed' | 'command-line';

const SHRINKING_NOTES: Record<ShrinkingOutcome, (months: string) => string> = {
  held: (months) =>
    `Held: this file would lower ${months}. The current numbers stay until the replacement is confirmed.`,
  'restated-by-aws': (months) => `AWS restated the export and lowered ${months}.`,
  confirmed: (months) => `Replaced on confirmation: ${months}.`,
  'command-line': (months) => `Replaced from the command line: ${months}.`,
};

/** The run note naming every month that shrank by more than half, and what happened to it. */
export function describeShrinkingPeriods(shrinking: ShrinkingPeriod[], outcome: ShrinkingOutcome): string {
  return SHRINKING_NOTES[outcome](shrinking.map(describeShrinkingPeriod).join('; '));
}
