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

function resultLine(entry: ResourceActionView['results'][number]): string {
  return `• \`${entry.resource_id}\`: ${entry.outcome === 'changed' ? `${entry.state_before} → ${entry.state_after}` : `${entry.outcome}: ${entry.aws_code ?? ''} ${entry.aws_message}`.trim()}`;
}

/** The Undo button under a stop that changed something: it starts again what the stop stopped. */
function undoButton(action: ResourceActionView, changed: number, buttonValue: string) {
  const them = changed === 1 ? 'it' : 'them';
  return {
    type: 'actions',
    elements: [
      {
        type: 'button',
        text: { type: 'plain_text', text: `Undo (start ${them} again)` },
        action_id: SLACK_ACTION_IDS.undo,
        value: buttonValue,
        confirm: {
          title: { type: 'plain_text', text: `Start ${them} again?` },
          text: {
            type: 'mrkdwn',
            text: `Spendguard starts the ${changed === 1 ? 'instance' : `${changed} instances`} this stop stopped in ${action.account_id}; running, ${changed === 1 ? 'it bills' : 'they bill'} again.`,
          },
          confirm: { type: 'plain_text', text: `Start ${them}` },
          deny: { type: 'plain_text', text: 'Cancel' },
        },
      },
    ],
  };
}

/**
 * After Confirm or Keep: the dry run's message is replaced by what was done, with Undo while the stop
 * changed something that can be put back.
 */
export function slackDecisionMessage(
  action: ResourceActionView,
  buttonValue: string,
  actionsLogUrl: string,
): SlackResponse {
  if (action.status === 'kept')
    return {
      replace_original: true,
      text: 'Kept running: nothing was stopped, and no automatic policy will act.',
    };
  const changed = action.results.filter((entry) => entry.outcome === 'changed').length;
  const heading = `Stopped ${changed} of ${action.results.length} (${action.status}).`;
  const text = action.undoable
    ? `${heading} Their volumes stay and still bill. Undo starts ${changed === 1 ? 'it' : 'them'} again; the actions log keeps every step: ${actionsLogUrl}`
    : `${heading} The actions log keeps every step: ${actionsLogUrl}`;
  return {
    replace_original: true,
    text,
    blocks: [
      section(text),
      section(action.results.map(resultLine).join('\n')),
      ...(action.undoable ? [undoButton(action, changed, buttonValue)] : []),
    ],
  };
}

const UNDONE: Record<string, (changed: number, of: number) => string> = {
  start: (changed, of) => `Started ${changed} of ${of} again`,
  'restore-sizes': (changed, of) => `Restored the sizes of ${changed} of ${of} groups`,
  'restore-tag': (changed, of) => `Put back the tag on ${changed} of ${of}`,
};

/** After Undo: the stop's message is replaced by what its undo put back (so Undo cannot be pressed twice). */
export function slackUndoMessage(undo: ResourceActionView, actionsLogUrl: string): SlackResponse {
  if (undo.status === 'nothing-to-do') {
    const text = `Nothing to start again: none of them is stopped any more. The actions log keeps every step: ${actionsLogUrl}`;
    return { replace_original: true, text };
  }
  const changed = undo.results.filter((entry) => entry.outcome === 'changed').length;
  const heading = (UNDONE[undo.operation] ?? UNDONE.start)?.(changed, undo.results.length);
  const text = `${heading} (${undo.status}). The actions log keeps every step: ${actionsLogUrl}`;
  return {
    replace_original: true,
    text,
    blocks: [section(text), section(undo.results.map(resultLine).join('\n'))],
  };
}

/** A refusal of the actions service, shown only to the presser; an undo already done is nothing to do. */
export function slackRefusal(error: { code: string; message: string }): SlackResponse {
  const text =
    error.code === 'NothingToUndo'
      ? `Nothing to do: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`
      : error.message;
  return { response_type: 'ephemeral', replace_original: false, text };
}

/** Slack cannot undo for this person: why, and the app's actions log, where Undo waits too. */
export function slackUndoElsewhere(why: string, actionsLogUrl: string | null): SlackResponse {
  const instead = actionsLogUrl
    ? ` Undo it from the actions log in Spendguard instead: ${actionsLogUrl}`
    : '';
  return { response_type: 'ephemeral', replace_original: false, text: `${why}${instead}` };
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
