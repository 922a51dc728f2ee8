/**
 * Every word an alert says: titles and summaries of each kind, reminders, digests, default rule
 * names, mails and Slack messages. Amounts are written by `formatUsd` only.
 */
import type { AlertLinkKind, AlertRuleKind, CostFilter } from '../../../contracts/alerts.ts';
import type { RootCause, RootCauseDimension } from '../../../domain/anomaly-root-causes.ts';
import type { FiredBudgetThreshold } from '../../../domain/budgets.ts';
import type { IsoDay } from '../../../domain/calendar-days.ts';
import { formatUsd as usd } from '../../../domain/money.ts';
import type { SpendDigest } from '../../../domain/spend-digest.ts';
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
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

export function budgetAlertText(
  budget: { name: string; amount: number; period: string; filter: CostFilter },
  firing: FiredBudgetThreshold,
  asOf: IsoDay,
): AlertText {
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
      `${budget.period} budget for ${firing.period.key} (threshold ${percent}% = ${usd(firing.thresholdAmount)}), as of ${asOf}.`,
  };
}

export function costThresholdAlertText(
  rule: { name: string; filter: CostFilter },
  day: IsoDay,
  verdict: { cost: number; limit: number },
): AlertText {
  return {
    title: `Daily spend ${usd(verdict.cost)} on ${day} crossed ${rule.name}`,
    summary: `Spend${describeFilter(rule.filter)} on ${day} was ${usd(verdict.cost)}, above the limit of ${usd(verdict.limit)}.`,
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
  return {
    title: `Cost anomaly: ${series} cost ${usd(verdict.cost)} on ${day}`,
    summary:
      `${series} cost ${usd(verdict.cost)} on ${day}; ${usd(verdict.expected)} was expected ` +
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
  if (settings.mode === 'daily-amount') {
    return `Daily spend above ${usd(Number(settings.amount_usd), { cents: 'when-fractional' })}`;
  }
  return `Day more than ${settings.percent}% above the 7-day average`;
}

export function slackTestMessageText(senderName: string): AlertContent {
  return {
    kind: 'test',
    title: 'Spendguard test message',
    summary: `${senderName} sent this test from Spendguard. Budget, threshold, anomaly and idle-instance alerts will arrive here.`,
  };
}

function digestMailText(digest: SpendDigest): string[] {
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
    `Spend on ${digest.day}: ${usd(digest.daySpend)}.`,
    `Month to date: ${usd(digest.monthToDate)} (${change}).`,
    `Forecast for the month: ${usd(digest.forecast)}.`,
    movers,
  ];
}

/** The daily or weekly digest mail of one person. */
export function digestMail(input: {
  to: string;
  kind: 'daily' | 'weekly';
  digest: SpendDigest;
  notificationsUrl: string;
}): OutgoingMail {
  return {
    to: input.to,
    ...renderMail({
      subject: `Spendguard ${input.kind} digest: ${usd(input.digest.monthToDate)} month to date`,
      heading: `Your ${input.kind} AWS spend digest`,
      paragraphs: digestMailText(input.digest),
      action: { label: 'Open Spendguard', url: input.notificationsUrl },
      footnote: 'Change or stop this digest under Notifications → My preferences.',
    }),
  };
}

/** Which one-click link acknowledges an alert of this kind (spec §2). */
export function acknowledgeLinkKind(kind: string): AlertLinkKind | null {
  if (kind === 'budget') return 'budget-alert-confirmation';
  if (kind === 'cost-threshold' || kind === 'anomaly') return 'threshold-confirmation';
  if (kind === 'idle-ec2') return 'idle-ec2-confirmation';
  return null;
}

const ACKNOWLEDGE_LABEL: Record<string, string> = {
  budget: 'Acknowledge this budget alert',
  'cost-threshold': 'Acknowledge this alert',
  anomaly: 'Acknowledge this anomaly',
  'idle-ec2': 'Keep this instance (mute 30 days)',
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
}): OutgoingMail {
  const rendered = renderMail({
    subject: `[Spendguard] ${input.alert.title}`,
    heading: input.alert.title,
    paragraphs: [input.alert.summary, `See every alert and who acknowledged it: ${input.notificationsUrl}`],
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

/** Block Kit: the alert, and a button that acknowledges it. */
export function alertSlackMessage(
  alert: AlertContent,
  acknowledgeUrl: string | null,
  notificationsUrl: string,
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
