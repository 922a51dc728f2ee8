import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ResourceActionView } from '../../../../contracts/actions.ts';
import type { LaunchLedgerRowView } from '../../../../contracts/launch-events.ts';
import { ActionSteps, actionHeadline } from '../../../components/action-steps.tsx';
import { useConfirmAction } from '../api/confirm-action.ts';
import { useProposeStop } from '../api/propose-stop.ts';
import { useUndoAction } from '../api/undo-action.ts';

/** Whether `other` is a running EC2 instance of the same launch: same integration, account, region and start. */
const runningInSameLaunch = (row: LaunchLedgerRowView, other: LaunchLedgerRowView) =>
  other.resource_kind === 'ec2-instance' &&
  other.running &&
  other.integration_id === row.integration_id &&
  other.account_id === row.account_id &&
  other.region === row.region &&
  other.started_at === row.started_at;

export function launchInstances(row: LaunchLedgerRowView, rows: readonly LaunchLedgerRowView[]): string[] {
  return rows.filter((other) => runningInSameLaunch(row, other)).map((other) => other.resource_id);
}

/** Only a launch's first running instance carries the button: it stops the whole launch. */
export function isLaunchLead(row: LaunchLedgerRowView, rows: readonly LaunchLedgerRowView[]): boolean {
  return (
    runningInSameLaunch(row, row) && rows.find((other) => runningInSameLaunch(row, other))?.id === row.id
  );
}

/**
 * "Stop" on a running launch: the dry run first (what will change, exactly), then Confirm; once done,
 * the outcome per instance and Undo (start them again).
 */
export function StopLaunchButton({
  row,
  rows,
}: {
  row: LaunchLedgerRowView;
  rows: readonly LaunchLedgerRowView[];
}) {
  const [action, setAction] = useState<ResourceActionView | null>(null);
  const [opened, setOpened] = useState(false);
  const propose = useProposeStop();
  const confirm = useConfirmAction();
  const undo = useUndoAction();
  const instanceIds = launchInstances(row, rows);
  const failure = propose.error ?? confirm.error ?? undo.error;
  const open = () => {
    setOpened(true);
    setAction(null);
    confirm.reset();
    undo.reset();
    propose.mutate(
      {
        integration_id: row.integration_id,
        kind: 'stop-instances',
        region: row.region,
        instance_ids: instanceIds,
        launch_id: row.id,
      },
      { onSuccess: setAction },
    );
  };
  const close = () => setOpened(false);
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        onClick={open}
        aria-label={`Stop ${instanceIds.length} ${instanceIds.length === 1 ? 'instance' : 'instances'} of this launch`}
      >
        {instanceIds.length > 1 ? `Stop ${instanceIds.length}` : 'Stop'}
      </Button>
      <Modal opened={opened} onClose={close} title="Stop the launched instances" size="lg">
        <Stack>
          {propose.isPending && <Text size="sm">Asking EC2 for a dry run…</Text>}
          {action && (
            <>
              <Text fw={600} data-testid="action-headline">
                {actionHeadline(action)}
              </Text>
              <ActionSteps action={action} />
            </>
          )}
          {failure && (
            <Text c="red" size="sm" role="alert">
              {failure.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {action?.status === 'proposed' ? 'Cancel' : 'Close'}
            </Button>
            {action?.status === 'proposed' && (
              <Button
                color="red"
                loading={confirm.isPending}
                onClick={() => confirm.mutate(action.id, { onSuccess: setAction })}
              >
                {`Confirm: stop ${action.steps.filter((step) => step.outcome === 'change').length}`}
              </Button>
            )}
            {action?.undoable && (
              <Button
                variant="light"
                loading={undo.isPending}
                onClick={() => undo.mutate(action.id, { onSuccess: setAction })}
              >
                Undo: start them again
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
