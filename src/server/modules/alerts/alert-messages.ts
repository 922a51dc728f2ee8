import type { AlertLinkKind } from '../../../contracts/alerts.ts';
import { renderMail } from '../mail/mail-layout.ts';
import type { OutgoingMail } from '../mail/outgoing-mail.ts';

export interface AlertContent {
  kind: string;
  title: string;
  summary: string;
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
