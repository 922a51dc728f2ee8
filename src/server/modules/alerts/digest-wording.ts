/**
 * Every word the daily or weekly digest says (docs/decisions/113): spend, then live metered spend,
 * commitments and waste when each has something to say. Mail, Teams and webhooks read the same lines.
 */
import { formatDayWithYear, formatInstantUtc } from '../../../domain/calendar-labels.ts';
import type {
  CommitmentsSection,
  DigestFinding,
  DigestSections,
  LiveSpendSection,
  WasteSection,
} from '../../../domain/digest-sections.ts';
import { formatUsd as usd } from '../../../domain/money.ts';
import type { SpendDigest } from '../../../domain/spend-digest.ts';
import { renderMail } from '../mail/mail-layout.ts';
import type { OutgoingMail } from '../mail/outgoing-mail.ts';
import type { AlertText } from './alert-wording.ts';

export type DigestPeriod = 'daily' | 'weekly';

/** Whose findings the waste section lists: the whole organization's, or those of the person's teams. */
export type DigestAudience = 'organization' | 'teams';

const PERIOD_WORDS: Record<DigestPeriod, string> = { daily: 'the last day', weekly: 'the last 7 days' };

/** Finding kinds as people read them; a kind not named here reads as its words (`nat-gateway` → "NAT gateway" is named). */
const KIND_NAMES: Record<string, string> = {
  'idle-instance': 'Idle instance',
  rightsizing: 'Oversized instance',
  'unattached-volume': 'Unattached volume',
  'gp2-volume': 'gp2 volume (gp3 costs less)',
  'old-snapshot': 'Old snapshot',
  'idle-address': 'Idle Elastic IP',
};

export function findingKindName(kind: string): string {
  const named = KIND_NAMES[kind];
  if (named) return named;
  const words = kind.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function spendLines(digest: SpendDigest): string[] {
  const change =
    digest.changePercent === null
      ? 'last month had no spend at this point'
      : `${digest.changePercent >= 0 ? '+' : ''}${digest.changePercent.toFixed(0)}% against ${usd(digest.lastMonthToDate)} at the same point last month`;
  const movers =
    digest.topMovers.length === 0
      ? 'No service moved against last month.'
      : `Top movers month to date: ${digest.topMovers
          .map((mover) => `${mover.service} ${mover.change >= 0 ? '+' : '−'}${usd(Math.abs(mover.change))}`)
          .join(', ')}.`;
  return [
    `Spend on ${formatDayWithYear(digest.day)}: ${usd(digest.daySpend)}.`,
    `Month to date: ${usd(digest.monthToDate)} (${change}).`,
    `Forecast for the month: ${usd(digest.forecast)}.`,
    movers,
  ];
}

function liveSpendLines(section: LiveSpendSection, period: DigestPeriod): string[] {
  const lines = [
    section.priced > 0
      ? `Live metered spend: ${section.priced} metered resource${section.priced === 1 ? '' : 's'} run at ${usd(section.totalUsdPerHour)} an hour together (${usd(section.totalUsdPerHour * 24)} a day if it goes on). The largest:`
      : `Live metered spend: no metered resource has a known price now.`,
    ...section.top.map(
      (resource) =>
        `• ${resource.resourceLabel} ${resource.resourceId} in ${resource.region}: ${usd(resource.usdPerHour ?? 0)} an hour` +
        (resource.usdPerDay === null ? '.' : `, ${usd(resource.usdPerDay)} a day.`),
    ),
  ];
  if (section.unpriced > 0)
    lines.push(
      `${section.unpriced} metered resource${section.unpriced === 1 ? ' has' : 's have'} no known price and ${section.unpriced === 1 ? 'is' : 'are'} not in the sum.`,
    );
  if (section.alerts.length > 0)
    lines.push(
      `Live-spend alerts in ${PERIOD_WORDS[period]}:`,
      ...section.alerts.map((alert) => `• ${alert.title} (${formatInstantUtc(alert.firedAt)}).`),
    );
  return lines;
}

function commitmentLines(section: CommitmentsSection): string[] {
  const lines = ['Savings Plans and reservations:'];
  for (const ending of section.ending) {
    const when =
      ending.daysLeft === 0 ? 'today' : `in ${ending.daysLeft} day${ending.daysLeft === 1 ? '' : 's'}`;
    const day = formatDayWithYear(ending.endsAt.slice(0, 10));
    const elsewhere = ending.billedTo !== undefined;
    const billed = elsewhere
      ? ` (billed to ${ending.billedTo ? `account ${ending.billedTo}` : 'another account'})`
      : '';
    const usage = elsewhere ? 'the part of its usage in your scope' : 'the same usage';
    lines.push(
      `• ${ending.type} ${ending.commitmentId}${billed} ends ${when} (${day}): ` +
        (ending.extraPerMonth === null
          ? 'the bill does not say what its usage costs On-Demand, so the increase is unknown.'
          : `from then ${usage} costs ${usd(ending.extraPerMonth)} a month more.`),
    );
  }
  for (const used of section.underUsed)
    lines.push(
      `• ${used.type} ${used.commitmentId} used ${used.utilizationPercent.toFixed(1)}% of its commitment over its latest ${used.days} days: ${usd(used.unusedPerDay)} a day unused.`,
    );
  for (const open of section.returnable)
    lines.push(
      `• ${open.type} ${open.commitmentId}${open.hourlyCommitmentUsd === null ? '' : ` (${usd(open.hourlyCommitmentUsd)} an hour)`} can still be returned, until ${formatInstantUtc(open.returnableUntil)}.`,
    );
  return lines;
}

function findingLine(finding: DigestFinding): string {
  const what = finding.name ? `${finding.name} (${finding.resourceId})` : finding.resourceId;
  const amount = finding.monthlyUsd === null ? 'price unknown' : `${usd(finding.monthlyUsd)} a month`;
  return `• ${findingKindName(finding.kind)} ${what}: ${amount}. ${finding.why}`;
}

function wasteLines(section: WasteSection, audience: DigestAudience): string[] {
  const whose = audience === 'organization' ? 'Waste across the organization' : 'Waste your team owns';
  const unknown = section.priceUnknown > 0 ? `, and ${section.priceUnknown} of unknown price` : '';
  const lines = [
    `${whose}: ${section.count} finding${section.count === 1 ? '' : 's'}, ${usd(section.totalMonthlyUsd)} a month${unknown}.`,
  ];
  if (section.byTeam.some((team) => team.team !== null))
    lines.push(
      `By team: ${section.byTeam
        .map((team) => `${team.team ?? 'no team'} ${usd(team.monthlyUsd)} (${team.count})`)
        .join(', ')}.`,
    );
  lines.push(...section.findings.map(findingLine));
  if (section.more.count > 0)
    lines.push(
      `• and ${section.more.count} more, ${usd(section.more.monthlyUsd)} a month: see the Recommendations page.`,
    );
  return lines;
}

/** The digest's lines: spend when the bill has a day, then each section that has something to say. */
export function digestLines(input: {
  period: DigestPeriod;
  digest: SpendDigest | null;
  sections: DigestSections;
  audience: DigestAudience;
}): string[] {
  const { sections } = input;
  const spend = input.digest
    ? spendLines(input.digest)
    : ['No billing data yet: spend appears once a bill is read.'];
  return [
    ...spend,
    ...(sections.liveSpend ? liveSpendLines(sections.liveSpend, input.period) : []),
    ...(sections.commitments ? commitmentLines(sections.commitments) : []),
    ...(sections.waste ? wasteLines(sections.waste, input.audience) : []),
  ];
}

export function digestSubject(period: DigestPeriod, digest: SpendDigest | null): string {
  return digest
    ? `Spendguard ${period} digest: ${usd(digest.monthToDate)} month to date`
    : `Spendguard ${period} digest`;
}

/** The organization's digest as an outbox notification for webhooks and Teams (decision 058). */
export function digestAlertText(
  period: DigestPeriod,
  digest: SpendDigest,
  sections: DigestSections,
): AlertText {
  return {
    title: digestSubject(period, digest),
    summary: digestLines({ period, digest, sections, audience: 'organization' }).join('\n'),
  };
}

/** The daily or weekly digest mail of one person. */
export function digestMail(input: {
  to: string;
  period: DigestPeriod;
  lines: string[];
  subject: string;
  notificationsUrl: string;
}): OutgoingMail {
  return {
    to: input.to,
    ...renderMail({
      subject: input.subject,
      heading: `Your ${input.period} AWS spend digest`,
      paragraphs: input.lines,
      action: { label: 'Open Spendguard', url: input.notificationsUrl },
      footnote: 'Change or stop this digest under Notifications → My preferences.',
    }),
  };
}
