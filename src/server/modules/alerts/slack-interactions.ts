import { WebClient } from '@slack/web-api';
import type { Kysely } from 'kysely';
import {
  SLACK_ACTION_IDS,
  type SlackBlockActionsPayload,
  slackActionValue,
  slackBlockActionsPayload,
} from '../../../contracts/slack-interactions.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { ApiError, badRequest } from '../../plugins/errors.ts';
import type { SecretBox } from './alert-link-tokens.ts';
import { listOrganizationPeople } from './alert-recipients.repository.ts';
import type { LaunchAlertActions } from './launch-alert-actions.ts';
import { findSlackConnection } from './slack.repository.ts';
import { checkWebhookUrl } from './slack.service.ts';
import {
  type SlackResponse,
  slackDecisionMessage,
  slackDryRunMessage,
  slackLinkInstead,
  slackRefusal,
  slackUndoElsewhere,
  slackUndoMessage,
} from './slack-action-wording.ts';
import { slackSignatureRefusal } from './slack-signature.ts';

type Connection = NonNullable<Awaited<ReturnType<typeof findSlackConnection>>>;
type Person = { viewer: Viewer } | { why: string };

/**
 * Slack's interactive buttons on a launch alert (decision 132). A request is Slack's only when its
 * signature holds; it is acknowledged at once (Slack waits 3 seconds) and answered through its
 * response_url: the dry run with Confirm and Keep running, then what was done, with Undo while the
 * stop changed something. The Slack user acts as the organization member with the same address, under
 * the same approval rules as in the app; when Slack cannot say who they are, the answer is the alert's
 * signed confirmation link (for an undo, the actions log), with why.
 */
export function createSlackInteractions(deps: {
  db: Kysely<DatabaseSchema>;
  secrets: SecretBox;
  settings: { signingSecret: string | undefined; apiUrl: string | undefined; webhookHosts: string[] };
  actions: LaunchAlertActions | undefined;
  publicUrl: string;
  now: () => Date;
  log: { error(details: object, message: string): void };
}) {
  const { db, settings, actions } = deps;
  const pending = new Set<Promise<void>>();

  async function respond(responseUrl: string, message: SlackResponse): Promise<void> {
    const answer = await fetch(responseUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(10_000),
    });
    if (!answer.ok) throw new Error(`Slack's response_url answered ${answer.status}`);
  }

  /** The member of the organization whose address Slack gives for this user, in that workspace. */
  async function personOf(connection: Connection, slackUserId: string): Promise<Person> {
    const client = new WebClient(deps.secrets.open(connection.bot_token_sealed ?? ''), {
      slackApiUrl: settings.apiUrl,
      retryConfig: { retries: 0 },
    });
    let profile: { email?: string; confirmed: boolean; name?: string };
    try {
      const answer = await client.users.info({ user: slackUserId });
      profile = {
        email: answer.user?.profile?.email,
        confirmed: answer.user?.is_email_confirmed !== false && answer.user?.deleted !== true,
        name: answer.user?.real_name,
      };
    } catch (error) {
      const code = (error as { data?: { error?: string } }).data?.error;
      return {
        why:
          code === 'missing_scope'
            ? "Spendguard's Slack app may not read members' addresses (users:read.email), so it cannot tell who you are in Spendguard: an owner or admin reconnects Slack to grant it."
            : `Slack did not say who you are (${code ?? (error as Error).message}).`,
      };
    }
    if (!profile.email || !profile.confirmed)
      return {
        why: 'Slack did not share a confirmed address for you, so Spendguard cannot tell who you are.',
      };
    const email = profile.email.toLowerCase();
    const people = await listOrganizationPeople(db, connection.organization_id);
    const person = people.find((one) => one.email.toLowerCase() === email);
    if (!person)
      return {
        why: `${email} is not a member of this organization in Spendguard, so Slack cannot act for you.`,
      };
    return {
      viewer: {
        userId: person.user_id,
        email: person.email,
        name: person.name || profile.name || person.email,
        emailVerified: true,
        organizationId: connection.organization_id,
        organizationRole: person.role,
        isDemo: false,
        platformRole: null,
        sessionId: `slack:${connection.team_id}:${slackUserId}`,
      },
    };
  }

  async function answer(
    payload: SlackBlockActionsPayload,
    button: string,
    value: string,
  ): Promise<SlackResponse> {
    const [organizationId = '', actionId = ''] = value.split(':');
    const actionsLogUrl = `${deps.publicUrl}/actions-log`;
    const undoing = button === SLACK_ACTION_IDS.undo;
    const connection = await findSlackConnection(db, organizationId);
    if (!actions || !connection?.bot_token_sealed || connection.team_id !== payload.team.id) {
      const why = 'This Slack workspace is not the one connected to that Spendguard organization by its app.';
      return undoing ? slackUndoElsewhere(why, null) : slackLinkInstead(why, null);
    }
    const person = await personOf(connection, payload.user.id);
    if ('why' in person) {
      if (undoing) return slackUndoElsewhere(person.why, actionsLogUrl);
      const offer = await actions.alertLinkOfAction(organizationId, actionId);
      return slackLinkInstead(person.why, offer?.url ?? null);
    }
    try {
      if (button === SLACK_ACTION_IDS.showDryRun)
        return slackDryRunMessage(await actions.get(person.viewer, actionId), value);
      if (undoing)
        return slackUndoMessage(
          await actions.decideFromSlack(person.viewer, actionId, 'undo'),
          actionsLogUrl,
        );
      const decided = await actions.decideFromSlack(
        person.viewer,
        actionId,
        button === SLACK_ACTION_IDS.confirm ? 'confirm' : 'keep',
      );
      return slackDecisionMessage(decided, value, actionsLogUrl);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return slackRefusal(error);
    }
  }

  const OURS: readonly string[] = Object.values(SLACK_ACTION_IDS);

  return {
    /**
     * Checks the signature over the raw body, then the payload; what the button asks is done after the
     * acknowledgement. Throws 503 when no signing secret is set, 401 on a bad signature, 400 on a bad payload.
     */
    receive(rawBody: string, headers: { signature?: string; timestamp?: string }): void {
      if (!settings.signingSecret)
        throw new ApiError(
          503,
          'SlackInteractivityOff',
          'Slack interactivity is off on this server: SLACK_SIGNING_SECRET is not set.',
        );
      const refusal = slackSignatureRefusal({
        signingSecret: settings.signingSecret,
        ...headers,
        rawBody,
        nowMs: deps.now().getTime(),
      });
      if (refusal) throw new ApiError(401, 'InvalidSignature', refusal);
      const field = new URLSearchParams(rawBody).get('payload');
      if (!field) throw badRequest('payload: the form field Slack sends is missing');
      let json: unknown;
      try {
        json = JSON.parse(field);
      } catch {
        throw badRequest('payload: must be JSON');
      }
      // Other interactions (shortcuts, modals) are not used by Spendguard: acknowledged, nothing done.
      if ((json as { type?: unknown } | null)?.type !== 'block_actions') return;
      const parsed = slackBlockActionsPayload.safeParse(json);
      if (!parsed.success)
        throw badRequest(parsed.error.issues[0]?.message ?? 'payload: not a block_actions payload');
      const payload = parsed.data;
      // The alert's link buttons (acknowledge, open, a webhook's stop) reach here too; they need nothing.
      const pressed = payload.actions.find((one) => OURS.includes(one.action_id));
      if (!pressed) return;
      const value = slackActionValue.safeParse(pressed.value ?? '');
      if (!value.success)
        throw badRequest(value.error.issues[0]?.message ?? 'payload.actions.value: invalid');
      checkWebhookUrl(payload.response_url, settings.webhookHosts, 'payload.response_url');
      const task: Promise<void> = answer(payload, pressed.action_id, value.data)
        .then((message) => respond(payload.response_url, message))
        .catch((error: unknown) =>
          deps.log.error({ err: error, team: payload.team.id }, 'a Slack interaction was not answered'),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },

    /** Waits for the interactions still being answered (the server closing). */
    async settled(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}

export type SlackInteractions = ReturnType<typeof createSlackInteractions>;
