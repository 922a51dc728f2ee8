import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import type { ResourceActionView } from '../../contracts/actions.ts';

/** A badge keeps its whole label: a narrow modal's table would otherwise cut it to "NOTHING TO ...". */
const WHOLE_BADGE = 'max-content';

const STEP_BADGES = {
  change: { color: 'orange', label: 'will change' },
  'nothing-to-do': { color: 'gray', label: 'nothing to do' },
  refused: { color: 'red', label: 'refused' },
} as const;

const RESULT_BADGES = {
  changed: { color: 'teal', label: 'done' },
  failed: { color: 'red', label: 'failed' },
  'nothing-to-do': { color: 'gray', label: 'nothing to do' },
  refused: { color: 'red', label: 'refused' },
  'would-change': { color: 'yellow', label: 'dry run: not done' },
} as const;

const VERBS: Record<ResourceActionView['operation'], [string, string]> = {
  stop: ['stop', 'Stopped'],
  start: ['start', 'Started'],
  'scale-to-zero': ['scale to 0', 'Scaled to 0'],
  'restore-sizes': ['restore the sizes of', 'Restored the sizes of'],
  tag: ['tag for review', 'Tagged for review'],
  'restore-tag': ['restore the review tag of', 'Restored the review tag of'],
};
const NOUNS: Record<ResourceActionView['resource_type'], string> = {
  'ec2-instance': 'instances',
  'auto-scaling-group': 'Auto Scaling groups',
  'rds-db-instance': 'databases',
};

const RESOURCE_HEADERS: Record<ResourceActionView['resource_type'], string> = {
  'ec2-instance': 'Instance',
  'auto-scaling-group': 'Auto Scaling group',
  'rds-db-instance': 'Database',
};

export const verb = (action: ResourceActionView) => VERBS[action.operation][0];
export const nounOf = (action: ResourceActionView) => NOUNS[action.resource_type];

/** An action on one named resource (a group, a database, a tag) in words: what it will do, what it did. */
const ONE_RESOURCE: Partial<
  Record<`${ResourceActionView['resource_type']}/${ResourceActionView['operation']}`, [string, string]>
> = {
  'auto-scaling-group/scale-to-zero': [
    'set the Auto Scaling group %s to 0',
    'Set the Auto Scaling group %s to 0',
  ],
  'auto-scaling-group/restore-sizes': [
    'restore the sizes of the Auto Scaling group %s',
    'Restored the sizes of the Auto Scaling group %s',
  ],
  'rds-db-instance/stop': ['stop the database %s', 'Stopped the database %s'],
  'rds-db-instance/start': ['start the database %s', 'Started the database %s'],
  'ec2-instance/tag': ['tag the instance %s for review', 'Tagged the instance %s for review'],
  'ec2-instance/restore-tag': ['take back the review tag of %s', 'Took back the review tag of %s'],
};

function oneResourceHeadline(action: ResourceActionView, where: string): string | undefined {
  const words = ONE_RESOURCE[`${action.resource_type}/${action.operation}`];
  const [step] = action.steps;
  if (!words || !step || action.steps.length !== 1) return undefined;
  if (action.status === 'proposed' && step.outcome === 'change')
    return `This will ${words[0].replace('%s', step.resource_id)} ${where}.`;
  if (action.status === 'done') return `${words[1].replace('%s', step.resource_id)} ${where}.`;
  return undefined;
}

/** The confirm button's words: "Confirm: stop 8", "Confirm: scale to 0", "Confirm: tag it". */
export function confirmLabel(action: ResourceActionView): string {
  const changing = action.steps.filter((step) => step.outcome === 'change').length;
  if (action.kind === 'scale-to-zero') return 'Confirm: scale to 0';
  if (action.kind === 'stop-database') return 'Confirm: stop the database';
  if (action.kind === 'tag-for-review') return 'Confirm: tag it';
  return `Confirm: ${verb(action)} ${changing}`;
}

/** The undo button's words, by what the undo puts back. */
export function undoLabel(action: ResourceActionView): string {
  if (action.kind === 'scale-to-zero') return 'Undo: restore its sizes';
  if (action.kind === 'stop-database') return 'Undo: start it again';
  if (action.kind === 'tag-for-review') return 'Undo: take the tag back';
  return 'Undo: start them again';
}

/** One line saying what the action will do or did, for the modal's and the confirmation page's heading. */
export function actionHeadline(action: ResourceActionView): string {
  const changing = action.steps.filter((step) => step.outcome === 'change').length;
  const total = action.steps.length;
  const where = `in ${action.account_id} (${action.region})`;
  const named = oneResourceHeadline(action, where);
  if (named) return named;
  if (action.status === 'proposed')
    return `This will ${verb(action)} ${changing} of ${total} ${nounOf(action)} ${where}.`;
  if (action.status === 'kept')
    return `Kept as they are: nothing was ${VERBS[action.operation][1].toLowerCase()}.`;
  if (action.status === 'dry-run')
    return `Dry run of the rule's automatic policy: it would have ${VERBS[action.operation][1].toLowerCase()} ${changing} of ${total} ${nounOf(action)} ${where}; nothing changed.`;
  if (action.status === 'nothing-to-do')
    return action.resource_type === 'ec2-instance' &&
      (action.operation === 'stop' || action.operation === 'start')
      ? `Nothing to do: every instance is already ${action.operation === 'stop' ? 'stopped' : 'running'}.`
      : `Nothing to do: see why below.`;
  const done = action.results.filter((entry) => entry.outcome === 'changed').length;
  const failed = action.results.filter(
    (entry) => entry.outcome === 'failed' || entry.outcome === 'refused',
  ).length;
  const past = VERBS[action.operation][1];
  return failed > 0
    ? `${past} ${done} of ${total}; ${failed} not: see why below.`
    : `${past} ${done} of ${total} ${nounOf(action)} ${where}.`;
}

/** What the dry run proved, and what the change means for the bill and for the undo. */
function dryRunNote(action: ResourceActionView): string {
  const check = action.steps.find((step) => step.outcome === 'change')?.dry_run ?? '';
  switch (action.kind) {
    case 'scale-to-zero':
      return `${check} Min and desired go to 0 and max stays: the group terminates its instances, which stop billing. Undo sets the sizes shown back, and the group launches new instances.`;
    case 'stop-database':
      return `${check} A stopped database still bills its storage, and RDS starts it again by itself after 7 days; Undo starts it sooner.`;
    case 'tag-for-review':
      return 'EC2 answered the dry run with DryRunOperation: the action role may tag it. The tag changes nothing that runs or bills; Undo puts back the value it replaced.';
    default:
      return `EC2 answered the dry run with DryRunOperation for each instance marked “will change”: the action role may ${verb(action)} them. Stopped instances keep their volumes (still billed) and can be started again with Undo.`;
  }
}

/**
 * Exactly what the action changes, resource by resource: before a decision the dry run's plan, after it
 * what AWS answered for each (a partial failure names which failed and why).
 */
export function ActionSteps({ action }: { action: ResourceActionView }) {
  const ran = action.results.length > 0;
  return (
    <Stack gap="sm">
      <Table verticalSpacing="xs" data-testid="action-steps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{RESOURCE_HEADERS[action.resource_type]}</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th w={140}>{ran ? 'Outcome' : 'Dry run'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ran
            ? action.results.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {entry.resource_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {entry.state_before} → {entry.state_after ?? entry.state_before}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge color={RESULT_BADGES[entry.outcome].color} variant="light" miw={WHOLE_BADGE}>
                        {RESULT_BADGES[entry.outcome].label}
                      </Badge>
                      {entry.outcome !== 'changed' && (
                        <Text size="xs" c="dimmed">
                          {entry.aws_code ? `${entry.aws_code}: ` : ''}
                          {entry.aws_message}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))
            : action.steps.map((step) => (
                <Table.Tr key={step.resource_id}>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {step.resource_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {step.state_before}
                      {step.state_after ? ` → ${step.state_after}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge color={STEP_BADGES[step.outcome].color} variant="light" miw={WHOLE_BADGE}>
                        {STEP_BADGES[step.outcome].label}
                      </Badge>
                      {step.reason && (
                        <Text size="xs" c="dimmed">
                          {step.reason}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
      {!ran && action.status === 'proposed' && (
        <Alert color="gray" variant="light" data-testid="dry-run-note">
          {dryRunNote(action)}
        </Alert>
      )}
    </Stack>
  );
}
