/**
 * Every word an alert says: titles and summaries of each kind, reminders, default rule
 * names, mails and Slack messages (the digest's are in digest-wording.ts). Amounts are written by
 * `formatUsd` only.
 */
import type { AlertLinkKind, AlertRuleKind, CostFilter } from '../../../contracts/alerts.ts';
import { type CommitmentEndInForecastView, commitmentEndViews } from '../../../contracts/commitment-ends.ts';
import { SLACK_ACTION_IDS } from '../../../contracts/slack-interactions.ts';
import type { RootCause, RootCauseDimension } from '../../../domain/anomaly-root-causes.ts';
import { automaticPolicyLine } from '../../../domain/automatic-actions.ts';
import type { FiredBudgetThreshold } from '../../../domain/budgets.ts';
import type { IsoDay } from '../../../domain/calendar-days.ts';
import { formatBudgetPeriod, formatDayWithYear, formatInstantUtc } from '../../../domain/calendar-labels.ts';
import { providerLabel } from '../../../domain/cloud-providers.ts';
import { commitmentEndSentence } from '../../../domain/commitment-end-wording.ts';
import type { LaunchFiring } from '../../../domain/launch-alerts.ts';
import type { MonthEndProjection, PricedLedgerRow } from '../../../domain/live-run-rate.ts';
import type {
  BudgetFiring,
  LiveSpendFiring,
  LiveSpendReading,
  ResourceFiring,
  ServiceFiring,
  UsualRate,
} from '../../../domain/live-spend-alerts.ts';
import { meteredOwnerSentence } from '../../../domain/metered-owner.ts';
import { formatUsd as usd } from '../../../domain/money.ts';
import { renderMail } from '../mail/mail-layout.ts';
import type { OutgoingMail } from '../mail/outgoing-mail.ts';
import type { IdleEc2Finding } from '../recommendations/idle-findings.ts';

export interface AlertContent {
  kind: string;
  title: string;
  summary: string;
}

/** What an alert says: its one-line title and its summary. */
export interface AlertText {
  title: string;
  summary: string;
}

const ROOT_CAUSE_LABELS: Record<RootCauseDimension, string> = {
  service: 'service',
  account: 'account',
  region: 'region',
  'usage-type': 'usage type',
};

function describeFilter(filter: CostFilter): string {
  const parts = [
    filter.account_ids.length > 0 ? `accounts ${filter.account_ids.join(', ')}` : '',
    filter.services.length > 0 ? filter.services.join(', ') : '',
    filter.tag ? `tag ${filter.tag.key}=${filter.tag.value}` : '',
    filter.providers.length > 0 ? filter.providers.map(providerLabel).join(', ') : '',
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

export function budgetAlertText(
  budget: { name: string; amount: number; period: string; filter: CostFilter },
  firing: FiredBudgetThreshold,
  asOf: IsoDay,
  /** What the forecast holds beyond the bill's trend; a forecast threshold's alert names each. */
  forecastParts: {
    /** The live run-rate's part (resources launched since the bill data). */
    liveRunRateUsd?: number;
    /** What metered resources run above their usual rate to the period's end (docs/decisions/096). */
    meteredUsd?: number;
    /** Commitments ending within the period, their usage On-Demand from their end (decision 137). */
    commitmentEnds?: readonly CommitmentEndInForecastView[];
  } = {},
): AlertText {
  const { liveRunRateUsd = 0, meteredUsd = 0, commitmentEnds = [] } = forecastParts;
  const { percent, basis } = firing.threshold;
  const share = `${usd(firing.spend)} of ${usd(budget.amount)}`;
  const verb = basis === 'actual' ? 'spent' : 'is forecast to spend';
  return {
    title:
      basis === 'actual'
        ? `${budget.name} budget reached ${percent}% (${share})`
        : `${budget.name} budget is forecast to reach ${percent}% (${share})`,
    summary:
      `${budget.name}${describeFilter(budget.filter)} ${verb} ${usd(firing.spend)} of its ${usd(budget.amount)} ` +
      `${budget.period} budget for ${formatBudgetPeriod(firing.period)} (threshold ${percent}% = ${usd(firing.thresholdAmount)}), ` +
      `as of ${formatDayWithYear(asOf)}.` +
      (liveRunRateUsd > 0
        ? ` The forecast includes ${usd(liveRunRateUsd)} from resources launched since your bill data (live run-rate, on-demand prices).`
        : '') +
      (meteredUsd > 0
        ? ` It includes ${usd(meteredUsd)} that metered usage runs above its usual rate until the period ends (read from CloudWatch, list prices).`
        : '') +
      commitmentEndsWords(commitmentEnds),
  };
}

/** Each commitment end a forecast counts, as sentences that follow the figure holding them. */
function commitmentEndsWords(ends: readonly CommitmentEndInForecastView[]): string {
  return ends
    .map((end) => ` ${commitmentEndSentence(end, usd, `${end.type} ${end.commitment_id}`)}.`)
    .join('');
}

export function costThresholdAlertText(
  rule: { name: string; filter: CostFilter },
  day: IsoDay,
  verdict: { cost: number; limit: number },
): AlertText {
  const on = formatDayWithYear(day);
  return {
    title: `Daily spend ${usd(verdict.cost)} on ${on} crossed ${rule.name}`,
    summary: `Spend${describeFilter(rule.filter)} on ${on} was ${usd(verdict.cost)}, above the limit of ${usd(verdict.limit)}.`,
  };
}

/** `causes` are the largest increases outside the series' own dimension, largest first. */
export function anomalyAlertText(
  series: string,
  day: IsoDay,
  verdict: { cost: number; expected: number; upperBound: number; impact: number },
  causes: readonly RootCause[],
): AlertText {
  const increases = causes.map(
    (cause) => `${ROOT_CAUSE_LABELS[cause.dimension]} ${cause.value} (+${usd(cause.impact)})`,
  );
  const on = formatDayWithYear(day);
  return {
    title: `Cost anomaly: ${series} cost ${usd(verdict.cost)} on ${on}`,
    summary:
      `${series} cost ${usd(verdict.cost)} on ${on}; ${usd(verdict.expected)} was expected ` +
      `(upper bound ${usd(verdict.upperBound)}), ${usd(verdict.impact)} more than usual.` +
      (increases.length > 0 ? ` Largest increases: ${increases.join(', ')}.` : ''),
  };
}

export function idleInstanceAlertText(finding: IdleEc2Finding): AlertText {
  const cost = finding.monthlyWasteUsd === null ? '' : `; it costs ${usd(finding.monthlyWasteUsd)} a month`;
  return {
    title: `Idle EC2 instance ${finding.name ?? finding.instanceId} (${finding.instanceType})`,
    summary:
      `${finding.instanceId} in ${finding.region} (account ${finding.accountId}) was idle ${finding.lowUseDays} of the last 14 days` +
      `${cost}. ${finding.why}`,
  };
}

/** Lines of resources at the most; a larger launch says how many more are in the history. */
const LAUNCH_LINES = 30;

type NamedRow = PricedLedgerRow & { integrationName?: string };

/** Where, when and by whom: the same for every instance of one RunInstances. */
function launchOrigin(row: NamedRow): string {
  const who = row.launchedBy ?? 'unknown (no CloudTrail trail)';
  const from = row.integrationName ? `, ${row.integrationName}` : '';
  return `Launched by ${who} at ${formatInstantUtc(row.startedAt)} in ${row.region}, account ${row.accountId}${from}.`;
}

function launchedResourceLine(row: NamedRow): string {
  const what = `${row.resource.id} ${row.resource.type ?? '(type not in the event)'} × ${row.count}`;
  const price =
    row.addedUsdPerHour === null
      ? `price unknown${row.unknownReason ? ` (${row.unknownReason.replace(/\.$/, '')})` : ''}`
      : `${usd(row.addedUsdPerHour)} an hour, ${usd(row.addedUsdPerHour * 24)} a day`;
  return `• ${what}: ${price}. ${launchOrigin(row)}`;
}

/** Priced instances of one type started together by one person: one line, their ids after it. */
function launchedGroupLine(rows: NamedRow[]): string {
  const [first] = rows as [NamedRow];
  const each = first.addedUsdPerHour ?? 0;
  const total = each * rows.length;
  const ids = rows.map((row) => row.resource.id).join(', ');
  return (
    `• ${rows.length} × ${first.resource.type}: ${usd(total)} an hour (${usd(each)} each), ${usd(total * 24)} a day. ` +
    `${launchOrigin(first)} Instances: ${ids}.`
  );
}

/** The lines naming what was launched, identical instances of one launch on one line. */
function launchedResourceLines(rows: NamedRow[]): string[] {
  const groups = new Map<string, NamedRow[]>();
  for (const row of rows) {
    const alike =
      row.count === 1 && row.addedUsdPerHour !== null && row.origin === 'launch'
        ? [
            row.launchEventId,
            row.resource.kind,
            row.resource.type,
            row.addedUsdPerHour,
            row.launchedBy,
            row.startedAt,
          ]
        : [row.rowId];
    const key = JSON.stringify(alike);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) =>
    group.length === 1 ? launchedResourceLine(group[0] as NamedRow) : launchedGroupLine(group),
  );
}

function launchTitleOf(firing: LaunchFiring): string {
  const { launch } = firing;
  const types = [...new Set(launch.rows.map((row) => row.resource.type ?? 'unknown type'))];
  const count = launch.rows.reduce((total, row) => total + row.count, 0);
  const what = types.length === 1 ? `${count} × ${types[0]}` : `${count} resources`;
  const rate =
    launch.unpriced.length === launch.rows.length
      ? 'price unknown'
      : `${launch.unpriced.length > 0 ? 'at least ' : ''}+${usd(launch.addedUsdPerHour)} an hour`;
  return `Launch: ${what} in ${launch.rows[0]?.region ?? 'an unknown region'} (${rate})`;
}

/**
 * A launch alert: why it fired, each resource with its price an hour and a day, who launched
 * it and where, what it does to the month, and the on-demand caveat. Lines are separated by newlines:
 * a mail makes each a paragraph, Slack keeps them.
 */
export function launchAlertText(
  rule: { name: string },
  firing: LaunchFiring<NamedRow>,
  month: MonthEndProjection,
): AlertText {
  const reasons: string[] = [];
  if (firing.single) {
    reasons.push(
      `This launch adds ${usd(firing.launch.addedUsdPerHour)} an hour, more than the ${usd(firing.single.limit)} of the rule "${rule.name}".`,
    );
  }
  if (firing.rise) {
    reasons.push(
      `Launches within ${firing.rise.windowHours} h up to this one raise the hourly run-rate by ${usd(firing.rise.usdPerHour)}, ` +
        `more than the ${usd(firing.rise.limit)} of the rule "${rule.name}".`,
    );
  }
  for (const budget of firing.budgets) {
    reasons.push(
      `If they keep running, budget ${budget.budgetName} ends ${formatBudgetPeriod({ key: budget.periodKey })} at ${usd(budget.projected)} of its ${usd(budget.amount)}: ` +
        `${usd(budget.billProjection)} forecast from the bill data plus ${usd(budget.liveUsd)} from resources launched since.` +
        commitmentEndsWords(commitmentEndViews(budget.commitmentEnds)),
    );
  }
  const rows = (firing.rise ? firing.rise.launches : [firing.launch]).flatMap((launch) => launch.rows);
  const allLines = launchedResourceLines(rows);
  const lines = allLines.slice(0, LAUNCH_LINES);
  if (allLines.length > LAUNCH_LINES)
    lines.push(`• and ${allLines.length - LAUNCH_LINES} more lines (see the launch ledger).`);
  const unknown =
    firing.unpriced.length > 0
      ? [
          `${firing.unpriced.length} of them ${firing.unpriced.length === 1 ? 'has' : 'have'} no known price ("price unknown" above) and ${firing.unpriced.length === 1 ? 'is' : 'are'} not in these sums: the amounts are at least this much.`,
        ]
      : [];
  const monthEnd = new Date(Date.parse(month.monthEnd) - 1).toISOString().slice(0, 10);
  return {
    title: launchTitleOf(firing),
    summary: [
      ...reasons,
      ...lines,
      ...unknown,
      `If they keep running, they add ${usd(month.projectedUsd)} to the month by ${formatDayWithYear(monthEnd)} (${usd(month.accruedUsd)} so far). ` +
        `Everything launched since your bill data now runs at ${usd(firing.scopeRunRateUsdPerHour)} an hour.`,
      'Prices are on-demand list prices: Savings Plans, Reserved Instances, spot prices and private discounts are not known here; the bill will tell.',
      ...(firing.tagsNotChecked
        ? [
            "The rule's team scope names tags, which launch events do not carry: launches in every account are counted.",
          ]
        : []),
    ].join('\n'),
  };
}

/** A metered quantity as people read it: 182 GB, 12.5 GB, 0.42 GB. */
function quantityText(quantity: number, unit: string): string {
  const decimals = quantity >= 100 ? 0 : quantity >= 10 ? 1 : 2;
  return `${quantity.toLocaleString('en-US', { maximumFractionDigits: decimals })} ${unit}`;
}

/**
 * "NAT gateway nat-0ab… processed 15.2 GB in the 5 minutes to 12:10 UTC, 182 GB an hour at that pace
 * (61.2 GB in the last hour): $8.19 an hour, $196.56 a day if it goes on." Without recent periods, the
 * last hour: "… processed 182 GB in the last hour: …".
 */
function meteredResourceSentence(reading: LiveSpendReading): string {
  const what = `${reading.resourceLabel} ${reading.resourceId}`;
  const lastHour =
    reading.lastHourQuantity === null
      ? 'no datapoints'
      : quantityText(reading.lastHourQuantity, reading.unit);
  const used = reading.recent
    ? `${what} ${reading.quantityVerb} ${quantityText(reading.recent.quantity, reading.unit)} in the ${reading.recent.minutes} minutes to ${new Date(reading.recent.endMs).toISOString().slice(11, 16)} UTC, ` +
      `${quantityText(reading.quantityPerHour ?? 0, reading.unit)} an hour at that pace (${lastHour} in the last hour)`
    : reading.lastHourQuantity === null
      ? `${what} has no datapoints in the last hour`
      : `${what} ${reading.quantityVerb} ${lastHour} in the last hour`;
  if (reading.usdPerHour === null)
    return `${used}: price unknown (${reading.priceUnknownReason ?? 'no price for this charge'}).`;
  const perDay = reading.usdPerDay === null ? '' : `, ${usd(reading.usdPerDay)} a day if it goes on`;
  return `${used}: ${usd(reading.usdPerHour)} an hour${perDay}.`;
}

function meteredWhere(reading: LiveSpendReading, integrationName?: string): string {
  const account = reading.accountId ? `, account ${reading.accountId}` : '';
  const integration = integrationName ? ` (${integrationName})` : '';
  return `In ${reading.region}${account}${integration}. ${meteredOwnerSentence(reading.owner)}`;
}

const WEEKDAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

function usualText(usual: UsualRate, atMs: number): string {
  const rate = usual.usdPerHour === null ? 'price unknown' : `${usd(usual.usdPerHour)} an hour`;
  if (usual.basis === 'hour-of-week') {
    const at = new Date(atMs - 3_600_000);
    const hour = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    return `its usual ${rate} for this hour of the week (from ${hour} UTC on ${WEEKDAYS[at.getUTCDay()]}, the median of ${usual.samples} earlier weeks)`;
  }
  return `its usual ${rate} (the median hour of the past day, ${usual.samples} hours metered; two weeks of readings make it the same hour of the week)`;
}

const dayBefore = (endMs: number) => new Date(endMs - 1).toISOString().slice(0, 10);

const METER_CAVEAT =
  'Read from CloudWatch usage minutes after it happened, at list prices: the meter knows how much was used, not why, and the bill will tell the exact cost.';

function resourceAlertText(
  rule: { name: string },
  firing: ResourceFiring,
  atMs: number,
  integrationName?: string,
): AlertText {
  const { reading } = firing;
  const reasons: string[] = [];
  if (firing.above)
    reasons.push(`That is more than the ${usd(firing.above.limit)} an hour of the rule "${rule.name}".`);
  if (firing.usual) {
    const times = Number.isFinite(firing.usual.times)
      ? `${firing.usual.times.toFixed(1)} times`
      : 'far above';
    reasons.push(
      `That is ${times} ${usualText(firing.usual.usual, atMs)}: more than the ${firing.usual.multiple} times and ${usd(firing.usual.minUsdPerHour)} an hour of the rule "${rule.name}".`,
    );
  }
  const above =
    firing.monthEnd.aboveUsualUsd === null
      ? ''
      : ` (${usd(firing.monthEnd.aboveUsualUsd)} more than at its usual rate)`;
  return {
    title: `Live spend: ${reading.resourceLabel} ${reading.resourceId} at ${usd(reading.usdPerHour ?? 0)} an hour`,
    summary: [
      meteredResourceSentence(reading),
      ...reasons,
      meteredWhere(reading, integrationName),
      `If it goes on to the month's end, it adds ${usd(firing.monthEnd.addsUsd)} by ${formatDayWithYear(dayBefore(firing.monthEnd.monthEndMs))}${above}.`,
      METER_CAVEAT,
    ].join('\n'),
  };
}

/** Lines of metered resources at the most in one alert. */
const METERED_LINES = 10;

function meteredLines(readings: readonly LiveSpendReading[]): string[] {
  const lines = readings
    .slice(0, METERED_LINES)
    .map((reading) => `• ${meteredResourceSentence(reading)} In ${reading.region}.`);
  if (readings.length > METERED_LINES)
    lines.push(`• and ${readings.length - METERED_LINES} more (see the live card on the Launches page).`);
  return lines;
}

function serviceAlertText(rule: { name: string }, firing: ServiceFiring): AlertText {
  const atLeast = firing.unpriced.length > 0 ? 'at least ' : '';
  return {
    title: `Live spend: ${firing.serviceLabel} at ${atLeast}${usd(firing.usdPerHour)} an hour`,
    summary: [
      `Metered ${firing.serviceLabel} resources run at ${atLeast}${usd(firing.usdPerHour)} an hour together, more than the ${usd(firing.limit)} an hour of the rule "${rule.name}".`,
      ...meteredLines([...firing.readings, ...firing.unpriced]),
      ...(firing.unpriced.length > 0
        ? [
            `${firing.unpriced.length} of them ${firing.unpriced.length === 1 ? 'has' : 'have'} no known price and ${firing.unpriced.length === 1 ? 'is' : 'are'} not in the sum.`,
          ]
        : []),
      `If they go on to the month's end, they add ${atLeast}${usd(firing.monthEnd.addsUsd)} by ${formatDayWithYear(dayBefore(firing.monthEnd.monthEndMs))}.`,
      METER_CAVEAT,
    ].join('\n'),
  };
}

function budgetOverrunText(firing: BudgetFiring): AlertText {
  const { budget } = firing;
  return {
    title: `Live spend would carry budget ${budget.name} over ${usd(budget.amount)}`,
    summary: [
      `If metered usage goes on at its current rate, budget ${budget.name} ends ${formatBudgetPeriod({ key: budget.periodKey })} at ${usd(firing.projected)} of its ${usd(budget.amount)}: ` +
        `${usd(budget.projectionWithoutMeter)} forecast from the bill data and launches, plus ${usd(firing.meteredUsd)} that metered resources run above their usual rate until the period ends.` +
        commitmentEndsWords(commitmentEndViews(budget.commitmentEnds)),
      ...firing.readings
        .slice(0, METERED_LINES)
        .map(
          ({ reading, excessUsdPerHour }) =>
            `• ${meteredResourceSentence(reading)} That is ${usd(excessUsdPerHour)} an hour above its usual rate. In ${reading.region}.`,
        ),
      METER_CAVEAT,
    ].join('\n'),
  };
}

/**
 * A live-spend alert (docs/decisions/096): the resource and what it used in the last hour with its rate
 * an hour and a day, why the rule fired, where it runs and who owns it by its tags, and what it does to
 * the month. It names no cause: the meter cannot know one.
 */
export function liveSpendAlertText(
  rule: { name: string },
  firing: LiveSpendFiring,
  atMs: number,
  integrationName?: string,
): AlertText {
  if (firing.subject === 'resource') return resourceAlertText(rule, firing, atMs, integrationName);
  if (firing.subject === 'service') return serviceAlertText(rule, firing);
  return budgetOverrunText(firing);
}

/** A budget alert repeated because nobody acknowledged it. */
export function reminderText(alert: AlertText): AlertText {
  return {
    title: `Reminder: ${alert.title}`,
    summary: `${alert.summary} Nobody has acknowledged this alert yet.`,
  };
}

export function defaultRuleName(kind: AlertRuleKind, settings: Record<string, unknown>): string {
  if (kind === 'anomaly') return `Cost anomalies (${settings.sensitivity ?? 'medium'} sensitivity)`;
  if (kind === 'idle-ec2') return 'Idle EC2 instances';
  if (kind === 'launch') return launchRuleName(settings);
  if (kind === 'live-spend') return liveSpendRuleName(settings);
  if (kind === 'commitments') return commitmentsRuleName(settings);
  if (settings.mode === 'daily-amount') {
    return `Daily spend above ${usd(Number(settings.amount_usd), { cents: 'when-fractional' })}`;
  }
  return `Day more than ${settings.percent}% above the 7-day average`;
}

function launchRuleName(settings: Record<string, unknown>): string {
  const amount = (value: unknown) => usd(Number(value), { cents: 'when-fractional' });
  if (typeof settings.single_launch_usd_per_hour === 'number') {
    return `A launch adds more than ${amount(settings.single_launch_usd_per_hour)} an hour`;
  }
  if (typeof settings.window_rise_usd_per_hour === 'number') {
    return `Launches within ${settings.window_hours ?? 6} h add more than ${amount(settings.window_rise_usd_per_hour)} an hour`;
  }
  return 'Launches that would carry a budget over';
}

function commitmentsRuleName(settings: Record<string, unknown>): string {
  const leads = Array.isArray(settings.expiry_lead_days) ? settings.expiry_lead_days : [];
  const parts: string[] = [];
  if (leads.length > 0) parts.push(`ending (${leads.join(', ')} days ahead)`);
  if (typeof settings.utilization_below_percent === 'number')
    parts.push(`used below ${settings.utilization_below_percent}%`);
  if (settings.return_window === true) parts.push('still returnable');
  if (parts.length === 0 && settings.start_announcement !== false) parts.push('starting from the queue');
  return `Savings Plans and reservations ${parts.join(', ')}`;
}

function liveSpendRuleName(settings: Record<string, unknown>): string {
  const amount = (value: unknown) => usd(Number(value), { cents: 'when-fractional' });
  if (typeof settings.resource_usd_per_hour === 'number')
    return `A metered resource spends more than ${amount(settings.resource_usd_per_hour)} an hour`;
  if (typeof settings.service_usd_per_hour === 'number')
    return `A metered service spends more than ${amount(settings.service_usd_per_hour)} an hour`;
  if (typeof settings.usual_multiple === 'number')
    return `A metered resource spends more than ${settings.usual_multiple} times its usual rate`;
  return 'Metered usage that would carry a budget over';
}

export function slackTestMessageText(senderName: string): AlertContent {
  return {
    kind: 'test',
    title: 'Spendguard test message',
    summary: `${senderName} sent this test from Spendguard. Budget, threshold, anomaly, idle-instance, launch, live-spend and commitment alerts will arrive here.`,
  };
}

/** The test a person sends to a webhook or Teams endpoint from its settings. */
export function endpointTestText(senderName: string, description: string): AlertText {
  return {
    title: 'Spendguard test delivery',
    summary: `${senderName} sent this test to "${description}" from Spendguard. Alerts and digests chosen for this endpoint will arrive the same way.`,
  };
}

/** Mailed to owners when an endpoint failed for days and was paused. */
export function endpointPausedMail(input: {
  to: string;
  description: string;
  kind: 'webhook' | 'teams';
  days: number;
  lastError: string;
  settingsUrl: string;
}): OutgoingMail {
  const what = input.kind === 'teams' ? 'Microsoft Teams endpoint' : 'webhook endpoint';
  return {
    to: input.to,
    ...renderMail({
      subject: `[Spendguard] Paused the ${what} "${input.description}"`,
      heading: `Alerts no longer go to "${input.description}"`,
      paragraphs: [
        `Every delivery to the ${what} "${input.description}" failed for ${input.days} days, so Spendguard paused it. Alerts still reach mail and Slack.`,
        `The last answer: ${input.lastError}`,
        'Fix the receiver, then resume the endpoint and redeliver what it missed from its delivery log.',
      ],
      action: { label: 'Open webhook settings', url: input.settingsUrl },
    }),
  };
}

/** Which one-click link acknowledges an alert of this kind. */
export function acknowledgeLinkKind(kind: string): AlertLinkKind | null {
  if (kind === 'budget') return 'budget-alert-confirmation';
  if (
    kind === 'cost-threshold' ||
    kind === 'anomaly' ||
    kind === 'launch' ||
    kind === 'live-spend' ||
    kind === 'commitments'
  )
    return 'threshold-confirmation';
  if (kind === 'idle-ec2') return 'idle-ec2-confirmation';
  return null;
}

/** The words on the acknowledge button of an alert of this kind (mail, Slack, Teams). */
export function acknowledgeLabel(kind: string): string {
  return ACKNOWLEDGE_LABEL[kind] ?? 'Acknowledge';
}

const ACKNOWLEDGE_LABEL: Record<string, string> = {
  budget: 'Acknowledge this budget alert',
  'cost-threshold': 'Acknowledge this alert',
  anomaly: 'Acknowledge this anomaly',
  'idle-ec2': 'Keep this instance (mute 30 days)',
  launch: 'Acknowledge this launch',
  'live-spend': 'Acknowledge this live spend',
  commitments: 'Acknowledge this commitment alert',
  test: 'Open Spendguard',
};

/**
 * An alert mail: the alert, one acknowledge button, and an unsubscribe link also given as
 * List-Unsubscribe with List-Unsubscribe-Post (RFC 8058 one-click). The Message-ID is the delivery's
 * own, so a resend after a crash is the same message to the mail client.
 */
export function alertMail(input: {
  to: string;
  alert: AlertContent;
  acknowledgeUrl: string | null;
  unsubscribePageUrl: string;
  unsubscribeApiUrl: string;
  messageId: string;
  notificationsUrl: string;
  /** The stop a launch alert offers (decision 111): its single-use confirmation page. */
  stopOffer?: StopOffer | null;
}): OutgoingMail {
  const rendered = renderMail({
    subject: `[Spendguard] ${input.alert.title}`,
    heading: input.alert.title,
    paragraphs: [
      ...input.alert.summary.split('\n'),
      ...(input.stopOffer ? [stopOfferLine(input.stopOffer)] : []),
      `See every alert and who acknowledged it: ${input.notificationsUrl}`,
    ],
    action: {
      label: ACKNOWLEDGE_LABEL[input.alert.kind] ?? 'Open Spendguard',
      url: input.acknowledgeUrl ?? input.notificationsUrl,
    },
    footnote: `You receive this because alerts of your organization go to ${input.to}. Unsubscribe in one click: ${input.unsubscribePageUrl}`,
  });
  return {
    to: input.to,
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeApiUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Message-ID': input.messageId,
    },
  };
}

export function recipientConfirmationMail(input: {
  to: string;
  invitedBy: string;
  link: string;
}): OutgoingMail {
  return {
    to: input.to,
    ...renderMail({
      subject: 'Confirm that this address receives Spendguard alerts',
      heading: 'Confirm this address for cost alerts',
      paragraphs: [
        `${input.invitedBy} added ${input.to} to the recipients of their organization's AWS cost alerts on Spendguard.`,
        'Nothing is sent to this address until you confirm. If you did not expect this, ignore this mail.',
      ],
      action: { label: 'Confirm this address', url: input.link },
    }),
  };
}

/** The stop a launch alert offers: its confirmation page, and when the rule's automatic policy acts. */
export interface StopOffer {
  /** The proposal the offer confirms: Slack's buttons name it (decision 132). */
  actionId: string;
  url: string;
  count: number;
  automatic: { mode: 'dry-run' | 'on'; at: Date } | null;
}

/**
 * The launch alert's offer to stop what it names: a link to a page that shows the dry run first, and
 * what the rule's automatic policy will do (decision 121).
 */
export function stopOfferLine(offer: StopOffer): string {
  const link = `Stop ${offer.count === 1 ? 'this instance' : `these ${offer.count} instances`}: ${offer.url} (the page shows the dry run; nothing stops until you confirm there; the link works once, for 24 hours).`;
  return offer.automatic
    ? `${link} ${automaticPolicyLine(offer.automatic.mode, offer.automatic.at, offer.count)}`
    : link;
}

/** The reply in the alert mail's thread once someone acted on what it named. */
export function actionReplyMail(input: {
  to: string;
  title: string;
  alertMessageId: string;
  summary: string;
  lines: string[];
  actionsLogUrl: string;
}): OutgoingMail {
  return {
    to: input.to,
    ...renderMail({
      subject: `Re: [Spendguard] ${input.title}`,
      heading: input.summary,
      paragraphs: [
        ...input.lines,
        `Every action, and its undo, is in the actions log: ${input.actionsLogUrl}`,
      ],
    }),
    headers: { 'In-Reply-To': input.alertMessageId, References: input.alertMessageId },
  };
}

/** Block Kit: the alert, a button that acknowledges it, and the stop it offers (a link, for webhooks). */
export function alertSlackMessage(
  alert: AlertContent,
  acknowledgeUrl: string | null,
  notificationsUrl: string,
  stopOffer: StopOffer | null = null,
  /** Posted by the Slack app with a signing secret: the stop is a button Spendguard answers (decision 132). */
  interactiveFor: { organizationId: string } | null = null,
) {
  const blocks: Array<Record<string, unknown>> = [
    { type: 'header', text: { type: 'plain_text', text: alert.title.slice(0, 150), emoji: true } },
    { type: 'section', text: { type: 'mrkdwn', text: alert.summary.slice(0, 2900) } },
    {
      type: 'actions',
      elements: [
        ...(acknowledgeUrl
          ? [
              {
                type: 'button',
                style: 'primary',
                text: { type: 'plain_text', text: ACKNOWLEDGE_LABEL[alert.kind] ?? 'Acknowledge' },
                url: acknowledgeUrl,
                action_id: 'acknowledge',
              },
            ]
          : []),
        ...(stopOffer
          ? [
              {
                type: 'button',
                style: 'danger',
                text: { type: 'plain_text', text: `Stop ${stopOffer.count} (dry run first)` },
                ...(interactiveFor
                  ? {
                      action_id: SLACK_ACTION_IDS.showDryRun,
                      value: `${interactiveFor.organizationId}:${stopOffer.actionId}`,
                    }
                  : { url: stopOffer.url, action_id: 'stop-offer' }),
              },
            ]
          : []),
        {
          type: 'button',
          text: { type: 'plain_text', text: 'Open Spendguard' },
          url: notificationsUrl,
          action_id: 'open',
        },
      ],
    },
  ];
  return { text: `${alert.title}: ${alert.summary}`.slice(0, 3000), blocks };
}
