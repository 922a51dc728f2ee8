/**
 * The digest's sections beyond spend (docs/decisions/113): live metered spend, commitments and waste,
 * each chosen from what the person's scope holds, and each absent when it has nothing to say.
 */

import { type CommitmentDay, underUse } from './commitment-alerts.ts';
import { monthlyCostAfterEnd } from './commitment-expiry.ts';
import { sumUsd } from './money.ts';

/** Lines of one list at the most; the rest is counted and summed on one more line. */
export const DIGEST_LIST_LINES = 10;
/** Metered resources named at the most, by their live $ an hour. */
export const DIGEST_TOP_METERED = 5;
/** A commitment ending within this many days is named (AWS mails its first Savings Plan expiry notice 60 days ahead). */
export const DIGEST_ENDING_WITHIN_DAYS = 60;
/** Under-used: below this utilization on each of the latest `DIGEST_UNDER_USE_DAYS` days of its bill. */
export const DIGEST_UNDER_USE_PERCENT = 80;
export const DIGEST_UNDER_USE_DAYS = 7;

// --- live metered spend ---

export interface DigestMeteredResource {
  resourceLabel: string;
  resourceId: string;
  region: string;
  /** Null: price unknown; such a resource is never ranked as $0. */
  usdPerHour: number | null;
  usdPerDay: number | null;
}

export interface DigestAlertLine {
  title: string;
  firedAt: Date;
}

export interface LiveSpendSection {
  top: DigestMeteredResource[];
  /** Every priced metered resource of the scope together, $ an hour. */
  totalUsdPerHour: number;
  priced: number;
  unpriced: number;
  alerts: DigestAlertLine[];
}

/** The top metered resources by live $ an hour, and the live-spend alerts of the period; null when neither. */
export function liveSpendSection(
  readings: readonly DigestMeteredResource[],
  alerts: readonly DigestAlertLine[],
): LiveSpendSection | null {
  const priced = readings.filter((reading) => reading.usdPerHour !== null && reading.usdPerHour > 0);
  if (priced.length === 0 && alerts.length === 0) return null;
  const top = [...priced]
    .sort((a, b) => (b.usdPerHour ?? 0) - (a.usdPerHour ?? 0) || a.resourceId.localeCompare(b.resourceId))
    .slice(0, DIGEST_TOP_METERED);
  return {
    top,
    totalUsdPerHour: sumUsd(priced.map((reading) => reading.usdPerHour ?? 0)),
    priced: priced.length,
    unpriced: readings.filter((reading) => reading.usdPerHour === null).length,
    alerts: [...alerts].sort((a, b) => b.firedAt.getTime() - a.firedAt.getTime()),
  };
}

// --- commitments ---

export interface DigestCommitmentFacts {
  commitmentId: string;
  type: string;
  endsAt: string | null;
  daysLeft: number | null;
  returnableUntil: string | null;
  hourlyCommitmentUsd: number | null;
  last30Days: { onDemandEquivalent: number; commitmentCost: number } | null;
  days: readonly CommitmentDay[];
  /** Set when it is billed to this account outside the scope: its figures are the scope's part (decision 139). */
  billedTo?: string;
}

export interface EndingCommitment {
  commitmentId: string;
  type: string;
  endsAt: string;
  daysLeft: number;
  /** What the covered usage costs a month more On-Demand from its end; null when the bill cannot say. */
  extraPerMonth: number | null;
  /** Billed to this account outside the scope: the extra is the scope's part of it (decision 139). */
  billedTo?: string;
}

export interface UnderUsedCommitment {
  commitmentId: string;
  type: string;
  utilizationPercent: number;
  unusedPerDay: number;
  days: number;
}

export interface ReturnableCommitment {
  commitmentId: string;
  type: string;
  hourlyCommitmentUsd: number | null;
  returnableUntil: string;
}

export interface CommitmentsSection {
  ending: EndingCommitment[];
  underUsed: UnderUsedCommitment[];
  returnable: ReturnableCommitment[];
}

/** Whether a commitment's end is one the digest names: today or within the next 60 days. */
export function endsWithinDigestDays(daysLeft: number | null): boolean {
  return daysLeft !== null && daysLeft >= 0 && daysLeft <= DIGEST_ENDING_WITHIN_DAYS;
}

/** Commitments ending within 60 days, under-used for the latest week, or still returnable; null when none is. */
export function commitmentsSection(facts: readonly DigestCommitmentFacts[]): CommitmentsSection | null {
  const ending: EndingCommitment[] = [];
  const underUsed: UnderUsedCommitment[] = [];
  const returnable: ReturnableCommitment[] = [];
  for (const commitment of facts) {
    const { commitmentId, type } = commitment;
    if (
      commitment.endsAt !== null &&
      commitment.daysLeft !== null &&
      endsWithinDigestDays(commitment.daysLeft)
    )
      ending.push({
        commitmentId,
        type,
        endsAt: commitment.endsAt,
        daysLeft: commitment.daysLeft,
        extraPerMonth: commitment.last30Days
          ? Math.max(0, monthlyCostAfterEnd(commitment.last30Days).extraPerMonth)
          : null,
        ...(commitment.billedTo !== undefined ? { billedTo: commitment.billedTo } : {}),
      });
    const use = underUse(commitment.days, DIGEST_UNDER_USE_PERCENT, DIGEST_UNDER_USE_DAYS);
    if (use)
      underUsed.push({
        commitmentId,
        type,
        utilizationPercent: use.utilizationPercent,
        unusedPerDay: use.unusedPerDay,
        days: use.days,
      });
    if (commitment.returnableUntil !== null)
      returnable.push({
        commitmentId,
        type,
        hourlyCommitmentUsd: commitment.hourlyCommitmentUsd,
        returnableUntil: commitment.returnableUntil,
      });
  }
  if (ending.length + underUsed.length + returnable.length === 0) return null;
  ending.sort((a, b) => a.daysLeft - b.daysLeft || a.commitmentId.localeCompare(b.commitmentId));
  underUsed.sort((a, b) => b.unusedPerDay - a.unusedPerDay || a.commitmentId.localeCompare(b.commitmentId));
  returnable.sort((a, b) => a.returnableUntil.localeCompare(b.returnableUntil));
  return { ending, underUsed, returnable };
}

// --- waste ---

/** One open finding of any kind (idle, rightsizing, volumes, NAT gateways…): the section reads no kind. */
export interface DigestFinding {
  kind: string;
  resourceId: string;
  name: string | null;
  /** What acting on it saves a month; null: price unknown. */
  monthlyUsd: number | null;
  /** The rule that flagged it, as the finding explains it. */
  why: string;
  /** The team whose scope owns it; null: no team does. */
  team: string | null;
}

export interface TeamWaste {
  team: string | null;
  count: number;
  monthlyUsd: number;
}

export interface WasteSection {
  /** The largest first, price-unknown ones last. */
  findings: DigestFinding[];
  /** Findings beyond the lines shown, and what they save a month. */
  more: { count: number; monthlyUsd: number };
  count: number;
  totalMonthlyUsd: number;
  priceUnknown: number;
  /** Per owning team, the largest first; "no team" last. */
  byTeam: TeamWaste[];
}

/** The open findings in the person's scope, their total, and each team's part; null when there are none. */
export function wasteSection(findings: readonly DigestFinding[]): WasteSection | null {
  if (findings.length === 0) return null;
  const ranked = [...findings].sort(
    (a, b) => (b.monthlyUsd ?? -1) - (a.monthlyUsd ?? -1) || a.resourceId.localeCompare(b.resourceId),
  );
  const shown = ranked.slice(0, DIGEST_LIST_LINES);
  const rest = ranked.slice(DIGEST_LIST_LINES);
  const known = (list: readonly DigestFinding[]) =>
    sumUsd(list.map((finding) => Math.max(0, finding.monthlyUsd ?? 0)));
  const teams = new Map<string | null, DigestFinding[]>();
  for (const finding of ranked) teams.set(finding.team, [...(teams.get(finding.team) ?? []), finding]);
  const byTeam = [...teams].map(([team, owned]) => ({ team, count: owned.length, monthlyUsd: known(owned) }));
  byTeam.sort(
    (a, b) =>
      Number(a.team === null) - Number(b.team === null) ||
      b.monthlyUsd - a.monthlyUsd ||
      (a.team ?? '').localeCompare(b.team ?? ''),
  );
  return {
    findings: shown,
    more: { count: rest.length, monthlyUsd: known(rest) },
    count: ranked.length,
    totalMonthlyUsd: known(ranked),
    priceUnknown: ranked.filter((finding) => finding.monthlyUsd === null).length,
    byTeam,
  };
}

export interface DigestSections {
  liveSpend: LiveSpendSection | null;
  commitments: CommitmentsSection | null;
  waste: WasteSection | null;
}
