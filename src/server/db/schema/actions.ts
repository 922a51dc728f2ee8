import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

/** One proposed action on an integration's resources: its dry run, then its decision (decision 102). */
export interface ResourceActionsTable {
  id: Generated<string>;
  organization_id: string;
  integration_id: string;
  /** stop-instances, scale-to-zero, stop-database or tag-for-review (ActionKind). */
  kind: string;
  /** ResourceOperation: stop/start, scale-to-zero/restore-sizes, tag/restore-tag (the undo is the second). */
  operation: string;
  account_id: string;
  region: string;
  /** The ledger launch the instances came from, when proposed from it. */
  launch_id: string | null;
  /** The action this one undoes. */
  undo_of: string | null;
  /** The dry run's PlannedStep per resource, with its tags. */
  plan: Json;
  /** AWS's answer to the dry run ("DryRunOperation: Request would have succeeded..."). */
  dry_run_answer: string;
  /** ActionStatus. */
  status: string;
  proposed_by: string;
  proposed_at: Timestamp;
  expires_at: Timestamp;
  /** The mail link's hash (the link itself is never stored); used once, at link_used_at. */
  link_token_hash: string | null;
  link_used_at: Timestamp | null;
  decided_by: string | null;
  /** app, mail, slack or api. */
  decided_via: string | null;
  decided_at: Timestamp | null;
  /** The launch alert it was proposed for (its mail carries the link; its thread hears the outcome). */
  notification_id: string | null;
  /** The rule's automatic policy (decision 121): dry-run or on; null when a person decides. */
  automatic_mode: string | null;
  /** When the policy acts, unless someone keeps the resources first. */
  automatic_at: Timestamp | null;
  /** The rule whose policy it is, by name, for the log and the thread. */
  automatic_rule: string | null;
  /** Who kept the resources running (a user id), and when: the policy then does nothing. */
  kept_by: string | null;
  kept_at: Timestamp | null;
}

/** The audit log: one row per resource and attempt. */
export interface ResourceActionLogTable {
  id: Generated<string>;
  action_id: string;
  organization_id: string;
  integration_id: string;
  resource_id: string;
  operation: string;
  /** changed, failed, nothing-to-do or refused. */
  outcome: string;
  state_before: string;
  state_after: string | null;
  aws_code: string | null;
  aws_message: string;
  approved_by: string;
  approved_by_name: string;
  approved_via: string;
  at: Timestamp;
  /** What an undo puts back: a group's sizes, a tag's previous value (null: nothing to restore). */
  restore: Json | null;
}

/** The tables the actions module owns (db/schema/ownership.ts). Actions on customer resources and their log. */
export interface ActionsTables {
  resource_actions: ResourceActionsTable;
  resource_action_log: ResourceActionLogTable;
}
