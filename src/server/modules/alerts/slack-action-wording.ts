import type { ResourceActionView } from '../../../contracts/actions.ts';
import { SLACK_ACTION_IDS } from '../../../contracts/slack-interactions.ts';

/** What Spendguard answers through an interaction's response_url (decision 132). */
export interface SlackResponse {
  response_type?: 'ephemeral' | 'in_channel';
  replace_original: boolean;
  text: string;
  blocks?: Array<Record<string, unknown>>;
}

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 2900) } });

function stepLine(step: ResourceActionView['steps'][number]): string {
  if (step.outcome === 'change')
    return `• \`${step.resource_id}\`: ${step.state_before} → ${step.state_after ?? '?'} (dry run: ${step.dry_run ?? 'checked'})`;
  return `• \`${step.resource_id}\`: ${step.outcome === 'refused' ? 'refused' : 'nothing to do'}${step.reason ? ` (${step.reason})` : ''}`;
}

/** The dry run, shown only to the person who pressed Stop, with Confirm and Keep running. */
export function slackDryRunMessage(action: ResourceActionView, buttonValue: string): SlackResponse {
  const changing = action.steps.filter((step) => step.outcome === 'change').length;
  if (action.status !== 'proposed')
    return {
      response_type: 'ephemeral',
      replace_original: false,
      text: `This stop is ${action.status}: there is nothing left to confirm.`,
    };
  const heading = `*Dry run* in ${action.account_id} (${action.region}): ${changing} of ${action.steps.length} would be stopped. Nothing changes until you confirm.`;
  const automatic = action.automatic
    ? `\nThe rule's automatic policy (${action.automatic.mode}) acts at ${action.automatic.at.slice(11, 16)} UTC unless someone keeps them running.`
    : '';
  return {
    response_type: 'ephemeral',
    replace_original: false,
    text: `${heading}${automatic}`,
    blocks: [
      section(`${heading}${automatic}`),
      section(action.steps.slice(0, 40).map(stepLine).join('\n')),
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            style: 'danger',
            text: { type: 'plain_text', text: `Confirm: stop ${changing}` },
            action_id: SLACK_ACTION_IDS.confirm,
            value: buttonValue,
            confirm: {
              title: { type: 'plain_text', text: 'Stop these instances?' },
              text: {
                type: 'mrkdwn',
                text: `Spendguard stops ${changing} in ${action.account_id}; their volumes stay and still bill. Undo starts them again.`,
              },
              confirm: { type: 'plain_text', text: 'Stop them' },
              deny: { type: 'plain_text', text: 'Cancel' },
            },
          },
          {
            type: 'button',
            text: { type: 'plain_text', text: 'Keep them running' },
            action_id: SLACK_ACTION_IDS.keep,
            value: buttonValue,
          },
        ],
      },
    ],
  };
}

/** After Confirm or Keep: the dry run's message is replaced by what was done. */
export function slackDecisionMessage(action: ResourceActionView, actionsLogUrl: string): SlackResponse {
  if (action.status === 'kept')
    return {
      replace_original: true,
      text: 'Kept running: nothing was stopped, and no automatic policy will act.',
    };
  const changed = action.results.filter((entry) => entry.outcome === 'changed').length;
  const lines = action.results.map(
    (entry) =>
      `• \`${entry.resource_id}\`: ${entry.outcome === 'changed' ? `${entry.state_before} → ${entry.state_after}` : `${entry.outcome}: ${entry.aws_code ?? ''} ${entry.aws_message}`.trim()}`,
  );
  const text = `Stopped ${changed} of ${action.results.length} (${action.status}). Undo from the actions log: ${actionsLogUrl}`;
  return { replace_original: true, text, blocks: [section(text), section(lines.join('\n'))] };
}

/** Slack cannot act for this person: why, and the signed confirmation page instead when it still waits. */
export function slackLinkInstead(why: string, confirmationUrl: string | null): SlackResponse {
  const instead = confirmationUrl
    ? ` Open the confirmation page instead (it shows the dry run; signed in, you confirm there; the link works once): ${confirmationUrl}`
    : ' This stop no longer waits for a decision.';
  return { response_type: 'ephemeral', replace_original: false, text: `${why}${instead}` };
}

/** The reply in the alert's Slack thread after an action on its resources ran, was undone or kept. */
export function slackThreadReply(summary: string, lines: string[]): { text: string } {
  const shown = lines.slice(0, 40).map((line) => `• ${line}`);
  const more = lines.length > 40 ? [`… and ${lines.length - 40} more`] : [];
  return { text: [summary, ...shown, ...more].join('\n').slice(0, 3000) };
}
