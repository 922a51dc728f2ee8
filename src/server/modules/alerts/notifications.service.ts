import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationView,
  type updateNotificationPreferences,
} from '../../../contracts/alerts.ts';
import type { MemberAlerts } from '../../../contracts/organizations.ts';
import { alertReachesScope } from '../../../domain/alert-audience.ts';
import { kindsTurnedOff, kindsTurnedOn } from '../../../domain/alert-kind-choices.ts';
import type { TagPair } from '../../../domain/cost-scope.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { listDeliveriesOf, listRecentAlertsOf } from './alert-delivery.repository.ts';
import { type AlertLinkTokens, CONFIRM_LINK_DAYS } from './alert-link-tokens.ts';
import { listNotificationRows } from './alert-outbox.repository.ts';
import { findPreferences, listRecipients, savePreferences } from './alert-recipients.repository.ts';
import { changeRecipients } from './alert-recipients-change.ts';
import { requireAlertManager } from './alert-rules.service.ts';
import { recipientConfirmationMail } from './alert-wording.ts';
import { listEndpoints } from './webhook-endpoints.repository.ts';

/** The member page shows a person's last five alerts; for a viewer limited to teams, five of the last 200 in their scope. */
const RECENT_SHOWN = 5;
const SCOPED_RECENT_READ = 200;

export interface NotificationWatches {
  accountIds: string[];
  tag: TagPair | null;
}

export function watchesOf(row: { account_ids: unknown; details: unknown }): NotificationWatches {
  const details = (row.details ?? {}) as { tag?: TagPair | null };
  return { accountIds: (row.account_ids as string[]) ?? [], tag: details.tag ?? null };
}

/** The kinds a person receives, from the kinds they turned off (decision 047). */
export function kindsOfPreference(mutedKinds: unknown): NotificationKind[] {
  return kindsTurnedOn(NOTIFICATION_KINDS, mutedKinds);
}

/** The history, each person's channels and digest, and the organization's extra recipients. */
export function createNotificationsService(deps: {
  db: Kysely<DatabaseSchema>;
  organizations: OrganizationsService;
  billing: BillingService;
  mailer: Mailer;
  tokens: AlertLinkTokens;
  publicUrl: string;
  now: () => Date;
}) {
  const { db, organizations, billing, mailer, tokens, publicUrl } = deps;

  async function preferencesOf(viewer: Viewer): Promise<NotificationPreferences> {
    const stored = await findPreferences(db, viewer.organizationId, viewer.userId);
    const recipients = await listRecipients(db, viewer.organizationId);
    return {
      email: stored?.email ?? true,
      slack: stored?.slack ?? true,
      digest: (stored?.digest as NotificationPreferences['digest']) ?? 'off',
      kinds: kindsOfPreference(stored?.muted_kinds),
      extra_recipients: recipients.map((recipient) => ({
        email: recipient.email,
        confirmed: recipient.confirmed_at !== null,
        unsubscribed: recipient.unsubscribed_at !== null,
      })),
    };
  }

  /**
   * Double opt-in: a newly added address receives nothing until it follows the mailed link. Called for the
   * addresses changeRecipients returned, which recorded the mail (at most one an hour: decision 076).
   */
  async function askToConfirm(viewer: Viewer, recipient: { id: string; email: string }): Promise<void> {
    const token = tokens.issue(
      'confirmation',
      recipient.id,
      { kind: 'recipient', id: recipient.id },
      CONFIRM_LINK_DAYS,
    );
    await mailer.send(
      recipientConfirmationMail({
        to: recipient.email,
        invitedBy: viewer.name,
        link: `${publicUrl}/confirmation/${token}`,
      }),
    );
  }

  return {
    askToConfirm,

    async history(viewer: Viewer, limit: number): Promise<NotificationView[]> {
      const scope = await organizations.costScopeFor(viewer);
      const rows = (await listNotificationRows(db, viewer.organizationId, limit)).filter((row) =>
        alertReachesScope(scope, watchesOf(row)),
      );
      const deliveries = await listDeliveriesOf(
        db,
        rows.map((row) => row.id),
      );
      // Webhook and Teams deliveries are named by their endpoint's description, not its id.
      const endpointNames = new Map(
        (await listEndpoints(db, viewer.organizationId)).map((endpoint) => [
          endpoint.id,
          endpoint.description,
        ]),
      );
      return rows.map((row) => ({
        id: row.id,
        kind: row.source_kind as NotificationView['kind'],
        title: row.title,
        summary: row.summary,
        fired_at: row.fired_at.toISOString(),
        acknowledged_at: row.acknowledged_at?.toISOString() ?? null,
        acknowledged_by: row.acknowledged_by,
        deliveries: deliveries
          .filter((delivery) => delivery.notification_id === row.id)
          .map((delivery) => ({
            channel: delivery.channel as NotificationView['deliveries'][number]['channel'],
            recipient: delivery.endpoint_id
              ? (endpointNames.get(delivery.endpoint_id) ?? delivery.recipient)
              : delivery.recipient,
            state: delivery.state as 'pending' | 'sending' | 'delivered' | 'failed',
            attempts: delivery.attempts,
            delivered_at: delivery.delivered_at?.toISOString() ?? null,
            last_error: delivery.last_error,
          })),
      }));
    },

    preferences: preferencesOf,

    /**
     * The member page: what one person of the organization receives, and the last alerts they got
     * that the viewer's own scope would show them (a member limited to teams sees no titles of others').
     */
    async receivedBy(viewer: Viewer, userId: string): Promise<MemberAlerts> {
      const scope = await organizations.costScopeFor(viewer);
      const [stored, received] = await Promise.all([
        findPreferences(db, viewer.organizationId, userId),
        listRecentAlertsOf(
          db,
          viewer.organizationId,
          userId,
          scope.restricted ? SCOPED_RECENT_READ : RECENT_SHOWN,
        ),
      ]);
      const recent = received
        .filter((row) => alertReachesScope(scope, watchesOf(row)))
        .slice(0, RECENT_SHOWN);
      return {
        email: stored?.email ?? true,
        digest: (stored?.digest as MemberAlerts['digest']) ?? 'off',
        kinds: kindsOfPreference(stored?.muted_kinds),
        recent: recent.map((row) => ({
          id: row.id,
          title: row.title,
          kind: row.source_kind,
          channel: row.channel as 'email' | 'slack',
          state: row.state,
          fired_at: row.fired_at.toISOString(),
        })),
      };
    },

    async updatePreferences(
      viewer: Viewer,
      input: z.output<typeof updateNotificationPreferences>,
    ): Promise<NotificationPreferences> {
      if (input.digest !== 'off') await billing.assertFeature(viewer, 'digest');
      if (input.extra_recipients) {
        requireAlertManager(viewer);
        const emails = input.extra_recipients;
        // One transaction: a change that fails leaves the list as it was.
        const toAsk = await db.transaction().execute((trx) =>
          changeRecipients(trx, {
            organizationId: viewer.organizationId,
            emails,
            addedBy: viewer.userId,
            now: deps.now(),
          }),
        );
        for (const recipient of toAsk) await askToConfirm(viewer, recipient);
      }
      await savePreferences(db, viewer.organizationId, viewer.userId, {
        email: input.email,
        slack: input.slack,
        digest: input.digest,
        mutedKinds: kindsTurnedOff(NOTIFICATION_KINDS, input.kinds),
      });
      return preferencesOf(viewer);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
