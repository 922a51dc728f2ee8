import { z } from 'zod';

/**
 * What Spendguard reads of a Slack interaction (decision 132): a `block_actions` payload, sent as the
 * form field `payload` once its signature was checked. Other payload types and fields are ignored.
 */
export const slackBlockActionsPayload = z.object({
  type: z.literal('block_actions', 'payload.type: only block_actions are answered'),
  team: z.object({ id: z.string().min(1).max(40) }),
  user: z.object({ id: z.string().min(1).max(40), name: z.string().max(200).optional() }),
  response_url: z.url('payload.response_url: must be a URL').max(500),
  actions: z
    .array(
      z.object({
        action_id: z.string().min(1).max(255),
        value: z.string().max(2000).optional(),
      }),
    )
    .min(1, 'payload.actions: at least one')
    .max(25),
});
export type SlackBlockActionsPayload = z.infer<typeof slackBlockActionsPayload>;

/** The buttons Spendguard answers; the alert's link buttons (acknowledge, open) need nothing. */
export const SLACK_ACTION_IDS = {
  showDryRun: 'spendguard-stop-dry-run',
  confirm: 'spendguard-stop-confirm',
  keep: 'spendguard-keep-running',
  undo: 'spendguard-undo',
} as const;

/** A button's value: the organization and the action it was posted for. */
export const slackActionValue = z
  .string()
  .regex(/^[0-9a-zA-Z_-]{1,64}:[0-9a-f-]{36}$/, 'payload.actions.value: not a Spendguard action');
