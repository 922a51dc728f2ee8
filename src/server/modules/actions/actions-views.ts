import type { ActionLogEntryView, ResourceActionView } from '../../../contracts/actions.ts';
import { type ActionKind, RESOURCE_TYPE_OF, UNDO_OPERATION } from '../../../domain/resource-action-plans.ts';
import type { ResourceOperation } from '../../../domain/resource-actions.ts';
import type { StepOutcome } from './action-steps.ts';
import type { ActionLogRow, ActionRow, StoredStep } from './actions.repository.ts';

export function logEntryView(row: ActionLogRow): ActionLogEntryView {
  return {
    id: row.id,
    action_id: row.action_id,
    integration_id: row.integration_id,
    resource_id: row.resource_id,
    operation: row.operation as ActionLogEntryView['operation'],
    outcome: row.outcome as ActionLogEntryView['outcome'],
    state_before: row.state_before,
    state_after: row.state_after,
    aws_code: row.aws_code,
    aws_message: row.aws_message,
    approved_by: row.approved_by,
    approved_by_name: row.approved_by_name,
    approved_via: row.approved_via as ActionLogEntryView['approved_via'],
    at: row.at.toISOString(),
  };
}

/** An action as the API shows it; `link` only in the proposal's own answer. */
export function actionView(row: ActionRow, log: ActionLogRow[], link: string | null): ResourceActionView {
  const steps = row.plan as unknown as StoredStep[];
  return {
    id: row.id,
    integration_id: row.integration_id,
    kind: row.kind as ActionKind,
    resource_type: RESOURCE_TYPE_OF[row.kind as ActionKind],
    operation: row.operation as ResourceActionView['operation'],
    account_id: row.account_id,
    region: row.region,
    launch_id: row.launch_id,
    undo_of: row.undo_of,
    status: row.status as ResourceActionView['status'],
    steps: steps.map((step) => ({
      resource_id: step.resourceId,
      outcome: step.outcome,
      state_before: step.stateBefore,
      state_after: step.stateAfter,
      reason: step.reason,
      dry_run: step.dryRun,
    })),
    proposed_at: row.proposed_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    decided_via: row.decided_via as ResourceActionView['decided_via'],
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    notification_id: row.notification_id,
    results: log.map(logEntryView),
    undoable:
      UNDO_OPERATION[row.operation as ResourceOperation] !== undefined &&
      (row.status === 'done' || row.status === 'partly-done') &&
      log.some((entry) => entry.outcome === 'changed'),
    automatic:
      row.automatic_mode && row.automatic_at
        ? {
            mode: row.automatic_mode as 'dry-run' | 'on',
            at: row.automatic_at.toISOString(),
            rule: row.automatic_rule ?? '',
          }
        : null,
    kept_at: row.kept_at ? row.kept_at.toISOString() : null,
    confirmation_link: link,
  };
}

const NOUNS: Record<ActionKind, [string, string]> = {
  'stop-instances': ['instance', 'instances'],
  'scale-to-zero': ['Auto Scaling group', 'Auto Scaling groups'],
  'stop-database': ['database', 'databases'],
  'tag-for-review': ['instance', 'instances'],
};

const HOW: Record<string, string> = {
  app: 'in Spendguard',
  mail: "through the alert's link",
  slack: 'from Slack',
  api: 'with an API token',
  policy: 'as nobody kept them running',
};

/** What an action did, in the words the alert's thread is told. */
export function ranSummary(input: {
  row: ActionRow;
  approver: { name: string };
  via: string;
  outcomes: StepOutcome[];
  pastTense: string;
}): { summary: string; lines: string[] } {
  const { row, outcomes } = input;
  const changed = outcomes.filter((outcome) => outcome.outcome === 'changed').length;
  const [one, many] = NOUNS[row.kind as ActionKind];
  return {
    summary: `${input.approver.name} ${input.pastTense} ${changed} of ${outcomes.length} ${outcomes.length === 1 ? one : many}${row.undo_of && row.operation === 'start' ? ' again' : ''} in ${row.account_id} (${row.region}) ${HOW[input.via] ?? ''}.`,
    lines: outcomes.map((outcome) =>
      outcome.outcome === 'changed'
        ? `${outcome.resourceId}: ${outcome.stateBefore} → ${outcome.stateAfter}`
        : `${outcome.resourceId}: ${outcome.outcome} (${outcome.awsCode ? `${outcome.awsCode}: ` : ''}${outcome.awsMessage})`,
    ),
  };
}
