import { createHmac } from 'node:crypto';
import { ErrorCode, type WebAPIPlatformError, WebClient } from '@slack/web-api';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  NOTIFICATION_KINDS,
  type SlackConnectionView,
  type saveSlackConnectionInput,
} from '../../../contracts/alerts.ts';
import { kindsTurnedOff, kindsTurnedOn } from '../../../domain/alert-kind-choices.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Config } from '../../config.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError, badRequest, notFound } from '../../plugins/errors.ts';
import { sameSecret } from '../../secret-compare.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { AlertDelivery } from './alert-delivery.ts';
import type { SecretBox } from './alert-link-tokens.ts';
import { requireAlertManager } from './alert-rules.service.ts';
import { alertSlackMessage, slackTestMessageText } from './alert-wording.ts';
import {
  deleteSlackConnection,
  slackDigestOf as digestOf,
  findSlackConnection,
  saveSlackConnection,
} from './slack.repository.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const OAUTH_STATE_MS = 15 * 60_000;

/**
 * Only Slack's webhook hosts (configurable): the server never posts alerts, nor answers to an
 * interaction's response_url (decision 132), at an arbitrary address.
 */
export function checkWebhookUrl(url: string, allowedHosts: string[], field = 'webhook_url'): void {
  const parsed = new URL(url);
  const host = parsed.host.toLowerCase();
  const hostname = parsed.hostname.toLowerCase();
  const allowed = allowedHosts.includes(host) || allowedHosts.includes(hostname);
  if (!allowed) throw badRequest(`${field}: must be a Slack URL (https://${allowedHosts[0]}/...)`);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && LOOPBACK.has(hostname))) {
    throw badRequest(`${field}: must start with https://`);
  }
}

function hint(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}/…${parsed.pathname.slice(-4)}`;
}

export function createSlackService(deps: {
  db: Kysely<DatabaseSchema>;
  config: Config;
  secrets: SecretBox;
  billing: BillingService;
  delivery: AlertDelivery;
  stateSecret: string;
  now: () => Date;
}) {
  const { db, secrets, billing, delivery, now } = deps;
  const settings = deps.config.alerts.slack;
  const publicUrl = deps.config.publicUrl;
  const oauthAvailable = Boolean(settings.clientId && settings.clientSecret);
  const redirectUri = `${publicUrl}/api/slack/oauth/callback`;
  const signState = (body: string) =>
    createHmac('sha256', deps.stateSecret).update(`slack-oauth:${body}`).digest('base64url');

  async function view(organizationId: string): Promise<SlackConnectionView> {
    const connection = await findSlackConnection(db, organizationId);
    return {
      connected: Boolean(connection),
      mode: (connection?.mode as 'webhook' | 'oauth' | undefined) ?? null,
      channel: connection?.channel ?? null,
      team_name: connection?.team_name ?? null,
      alert_kinds: kindsTurnedOn(NOTIFICATION_KINDS, connection?.muted_kinds),
      digest: digestOf(connection),
      webhook_hint: connection?.webhook_url_sealed ? hint(secrets.open(connection.webhook_url_sealed)) : null,
      oauth_available: oauthAvailable,
    };
  }

  return {
    view: (viewer: Viewer) => view(viewer.organizationId),

    async save(
      viewer: Viewer,
      input: z.output<typeof saveSlackConnectionInput>,
    ): Promise<SlackConnectionView> {
      requireAlertManager(viewer);
      await billing.assertFeature(viewer, 'slack-alerts');
      const current = await findSlackConnection(db, viewer.organizationId);
      if (input.webhook_url) checkWebhookUrl(input.webhook_url, settings.webhookHosts);
      else if (!current) throw badRequest('webhook_url: enter the incoming-webhook URL Slack gave you');
      await saveSlackConnection(db, viewer.organizationId, {
        mode: input.webhook_url ? 'webhook' : (current?.mode ?? 'webhook'),
        webhook_url_sealed: input.webhook_url
          ? secrets.seal(input.webhook_url)
          : (current?.webhook_url_sealed ?? null),
        bot_token_sealed: input.webhook_url ? null : (current?.bot_token_sealed ?? null),
        channel: input.channel || current?.channel || null,
        team_name: current?.team_name ?? null,
        team_id: input.webhook_url ? null : (current?.team_id ?? null),
        mutedKinds: kindsTurnedOff(NOTIFICATION_KINDS, input.alert_kinds),
        digest: input.digest ?? digestOf(current),
      });
      return view(viewer.organizationId);
    },

    async disconnect(viewer: Viewer): Promise<void> {
      requireAlertManager(viewer);
      await deleteSlackConnection(db, viewer.organizationId);
    },

    async sendTest(viewer: Viewer): Promise<string> {
      requireAlertManager(viewer);
      await billing.assertFeature(viewer, 'slack-alerts');
      const connection = await findSlackConnection(db, viewer.organizationId);
      if (!connection) throw notFound('Slack connection');
      const message = alertSlackMessage(slackTestMessageText(viewer.name), null, `${publicUrl}/notification`);
      try {
        await delivery.postToSlack(connection, message);
      } catch (error) {
        throw new ApiError(
          502,
          'SlackRefused',
          `Slack did not accept the message: ${(error as Error).message}`,
        );
      }
      return `Test message sent${connection.channel ? ` to ${connection.channel}` : ''}.`;
    },

    oauthStart(viewer: Viewer): string {
      requireAlertManager(viewer);
      if (!oauthAvailable)
        throw new ApiError(503, 'SlackOAuthOff', 'Slack OAuth is not configured on this server.');
      const body = Buffer.from(
        JSON.stringify({ o: viewer.organizationId, u: viewer.userId, x: now().getTime() + OAUTH_STATE_MS }),
      ).toString('base64url');
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('client_id', settings.clientId!);
      // users:read.email: a Slack button is matched to a Spendguard person by address (decision 132).
      url.searchParams.set('scope', 'chat:write,incoming-webhook,users:read,users:read.email');
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', `${body}.${signState(body)}`);
      return url.toString();
    },

    /** Slack sends the person back with a code; the bot token is kept sealed. */
    async oauthCallback(code: string, state: string, viewer: Viewer | undefined): Promise<void> {
      if (!oauthAvailable)
        throw new ApiError(503, 'SlackOAuthOff', 'Slack OAuth is not configured on this server.');
      const [body = '', signature = ''] = state.split('.');
      if (!sameSecret(signature, signState(body)))
        throw badRequest('state: this Slack sign-in did not start here', 'InvalidState');
      const {
        o: organizationId,
        u: userId,
        x: expiresAt,
      } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      if (expiresAt < now().getTime())
        throw badRequest('state: the Slack sign-in took too long; start again', 'InvalidState');
      // Only the person who started it finishes it: a start link sent to someone else would otherwise
      // put their workspace's bot token in the sender's organization.
      if (!viewer || viewer.userId !== userId || viewer.organizationId !== organizationId)
        throw badRequest(
          'state: this Slack sign-in was started by someone else; sign in to Spendguard and start it again',
          'InvalidState',
        );
      const client = new WebClient(undefined, { slackApiUrl: settings.apiUrl, retryConfig: { retries: 0 } });
      const answer = await client.oauth.v2
        .access({
          client_id: settings.clientId!,
          client_secret: settings.clientSecret!,
          code,
          redirect_uri: redirectUri,
        })
        // The SDK throws when Slack answers ok:false (an expired, used or made-up code): the code is refused.
        .catch((error: unknown) => {
          if ((error as Partial<WebAPIPlatformError>).code === ErrorCode.PlatformError)
            throw badRequest(
              `code: Slack refused this sign-in (${(error as WebAPIPlatformError).data.error}); start again`,
              'SlackRefused',
            );
          throw error;
        });
      if (!answer.ok || !answer.access_token)
        throw new ApiError(502, 'SlackRefused', `Slack answered ${answer.error ?? 'no token'}`);
      const current = await findSlackConnection(db, organizationId);
      await saveSlackConnection(db, organizationId, {
        mode: 'oauth',
        webhook_url_sealed: null,
        bot_token_sealed: secrets.seal(answer.access_token),
        channel:
          answer.incoming_webhook?.channel_id ?? answer.incoming_webhook?.channel ?? current?.channel ?? null,
        team_name: answer.team?.name ?? null,
        team_id: answer.team?.id ?? null,
        mutedKinds: kindsTurnedOff(
          NOTIFICATION_KINDS,
          kindsTurnedOn(NOTIFICATION_KINDS, current?.muted_kinds),
        ),
        digest: digestOf(current),
      });
    },
  };
}

export type SlackService = ReturnType<typeof createSlackService>;
