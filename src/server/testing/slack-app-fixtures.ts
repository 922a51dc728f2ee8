import { slackSignatureOf } from '../modules/alerts/slack-signature.ts';
import type { callAs } from './organization-fixtures.ts';
import type { SlackReceiver } from './slack-receiver.ts';

/** Slack connected by its app (OAuth against the local Slack receiver), as an owner connects it. */
export async function connectSlackApp(as: ReturnType<typeof callAs>): Promise<void> {
  const start = await as('GET', '/api/slack/oauth/start');
  const state = new URL(start.json().url).searchParams.get('state') ?? '';
  // Slack sends the same person back, signed in.
  const callback = await as('GET', `/api/slack/oauth/callback?code=abc&state=${encodeURIComponent(state)}`);
  if (callback.headers.location !== '/slack-setup?slack=connected')
    throw new Error(`Slack's app did not connect: ${callback.statusCode} ${callback.body}`);
}

/**
 * A button press in workspace T1 as Slack sends it: its answers go to the local receiver's
 * response_url for that user and button (`press` tells two presses of one button apart).
 */
export function slackButtonPress(
  slack: SlackReceiver,
  press: { userId: string; actionId: string; value: string; suffix?: string },
) {
  return {
    type: 'block_actions',
    team: { id: 'T1' },
    user: { id: press.userId, name: 'someone' },
    response_url: `http://127.0.0.1:${slack.port}/actions/T1/${press.userId}/${press.actionId}${press.suffix ?? ''}`,
    actions: [{ action_id: press.actionId, value: press.value }],
  };
}

/** Slack's form body for an interaction payload. */
export const slackFormOf = (payload: unknown) => `payload=${encodeURIComponent(JSON.stringify(payload))}`;

/**
 * Posts a form body to the interactions route over HTTP as Slack does: signed with the app's signing
 * secret at `timestamp` unless a signature is given.
 */
export function postSlackInteraction(
  baseUrl: string,
  signingSecret: string,
  body: string,
  signed: { timestamp: string; signature?: string },
): Promise<Response> {
  return fetch(`${baseUrl}/api/slack/interactions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': signed.timestamp,
      'x-slack-signature': signed.signature ?? slackSignatureOf(signingSecret, signed.timestamp, body),
    },
    body,
  });
}
