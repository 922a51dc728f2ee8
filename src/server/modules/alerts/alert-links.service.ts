import type { Kysely } from 'kysely';
import type { AlertLinkKind } from '../../../contracts/alerts.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError, badRequest } from '../../plugins/errors.ts';
import type { AlertLinkTokens, LinkSubject } from './alert-link-tokens.ts';
import { acknowledgeNotification, acknowledgeOriginal, findNotification } from './alert-outbox.repository.ts';
import {
  confirmRecipient,
  findRecipient,
  findUserEmail,
  markLinkTokenUsed,
  setEmailPreference,
  unsubscribeRecipient,
} from './alert-recipients.repository.ts';
import { acknowledgeLinkKind } from './alert-wording.ts';
import { muteInstance } from './instance-mutes.repository.ts';
import { findSlackConnection } from './slack.repository.ts';
import { findEndpointById } from './webhook-endpoints.repository.ts';

export const IDLE_MUTE_DAYS = 30;
const DAY_MS = 86_400_000;

const invalidLink = () =>
  badRequest('This link is not valid. Open the newest mail or message instead.', 'InvalidLink');
const expiredLink = () =>
  new ApiError(410, 'LinkExpired', 'This link has expired. The newest alert carries a fresh one.');
const usedLink = () => new ApiError(410, 'LinkUsed', 'This link was already used.');

/** The one-click links: acknowledge, confirm a recipient, unsubscribe (decision 019). */
export function createAlertLinksService(
  db: Kysely<DatabaseSchema>,
  tokens: AlertLinkTokens,
  now: () => Date,
) {
  async function acknowledge(kind: AlertLinkKind, target: string, by: string): Promise<string> {
    const notification = await findNotification(db, target);
    if (!notification || acknowledgeLinkKind(notification.source_kind) !== kind) throw invalidLink();
    await acknowledgeOriginal(db, notification.details, by);
    if (!(await acknowledgeNotification(db, notification.id, by))) {
      return `This alert was already acknowledged by ${notification.acknowledged_by ?? 'someone'}.`;
    }
    if (kind === 'idle-ec2-confirmation') {
      const instanceId = (notification.details as { instanceId?: string }).instanceId;
      if (instanceId) {
        await muteInstance(
          db,
          notification.organization_id,
          instanceId,
          new Date(now().getTime() + IDLE_MUTE_DAYS * DAY_MS),
          by,
        );
        return `${instanceId} is kept: no idle alerts about it for ${IDLE_MUTE_DAYS} days.`;
      }
    }
    return `Acknowledged: "${notification.title}". No more reminders about it this period.`;
  }

  /** Who the acknowledgement or unsubscription is recorded as. */
  async function labelOf(subject: LinkSubject): Promise<string> {
    if (subject.kind === 'user') return (await findUserEmail(db, subject.id)) ?? 'a former member';
    if (subject.kind === 'recipient')
      return (await findRecipient(db, subject.id))?.email ?? 'a former recipient';
    if (subject.kind === 'endpoint') {
      const endpoint = await findEndpointById(db, subject.id);
      return endpoint
        ? `${endpoint.kind === 'teams' ? 'Teams' : 'Webhook'} "${endpoint.description}"`
        : 'a webhook';
    }
    const slack = await findSlackConnection(db, subject.id);
    return slack?.channel ? `Slack ${slack.channel}` : 'Slack';
  }

  return {
    async follow(kind: AlertLinkKind, token: string): Promise<string> {
      const checked = tokens.check(kind, token);
      if (!checked.ok) throw checked.reason === 'expired' ? expiredLink() : invalidLink();
      const { claims } = checked;
      const by = await labelOf(claims.subject);
      if (kind === 'unsubscribe') {
        // Idempotent: a mail client's one-click POST and a person's click both land here.
        await markLinkTokenUsed(db, claims.tokenId);
        if (claims.subject.kind === 'user') {
          await setEmailPreference(db, claims.target, claims.subject.id, false);
        } else if (claims.subject.kind === 'recipient') {
          const recipient = await findRecipient(db, claims.subject.id);
          if (recipient) await unsubscribeRecipient(db, recipient.id);
        }
        return `${by} no longer receives alert mails. You can turn them on again under Notifications.`;
      }
      if (!(await markLinkTokenUsed(db, claims.tokenId))) throw usedLink();
      if (kind === 'confirmation') {
        const recipient = await findRecipient(db, claims.target);
        // An address removed since the mail went out is not added back by its old link.
        if (!recipient || recipient.removed_at) throw invalidLink();
        await confirmRecipient(db, recipient.id);
        return `${recipient.email} now receives the organization's cost alerts.`;
      }
      return acknowledge(kind, claims.target, by);
    },
  };
}

export type AlertLinksService = ReturnType<typeof createAlertLinksService>;
