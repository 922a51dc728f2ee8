import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ProposeActionInput } from '../../../../contracts/actions.ts';
import { ActionSteps, actionHeadline } from '../../../components/action-steps.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useConfirmAction } from '../api/confirm-action.ts';
import { useProposeStop } from '../api/propose-stop.ts';
import { useUndoAction } from '../api/undo-action.ts';

/**
 * Stopping one launch, held by the ledger table rather than by the row's button: once the stop lands the
 * ledger refreshes, the rows are no longer a running launch and the button goes, while the dialog with the
 * outcome and Undo must stay. The shown action is the latest mutation's answer.
 */
export function useStopLaunch() {
  const [opened, setOpened] = useState(false);
  const propose = useProposeStop();
  const confirm = useConfirmAction();
  const undo = useUndoAction();
  const start = (request: ProposeActionInput) => {
    confirm.reset();
    undo.reset();
    setOpened(true);
    propose.mutate(request);
  };
  return { opened, start, close: () => setOpened(false), propose, confirm, undo };
}

export type StopLaunch = ReturnType<typeof useStopLaunch>;

/** The dry run first (what will change, exactly), then Confirm; once done, the outcome per instance and Undo. */
export function StopLaunchDialog({ stop }: { stop: StopLaunch }) {
  const { propose, confirm, undo } = stop;
  const action = undo.data ?? confirm.data ?? propose.data;
  const failure = undo.error ?? confirm.error ?? propose.error;
  const changing = action?.steps.filter((step) => step.outcome === 'change').length ?? 0;
  return (
    <Modal opened={stop.opened} onClose={stop.close} title="Stop the launched instances" size="lg">
      <Stack>
        {propose.isPending && <Text size="sm">Asking EC2 for a dry run…</Text>}
        {action && !propose.isPending && (
          <>
            <Text fw={600} data-testid="action-headline">
              {actionHeadline(action)}
            </Text>
            <ActionSteps action={action} />
          </>
        )}
        {failure && (
          <Text c="red" size="sm" role="alert">
            {rejectionMessage(failure)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={stop.close}>
            {action?.status === 'proposed' ? 'Cancel' : 'Close'}
          </Button>
          {action?.status === 'proposed' && !propose.isPending && (
            <Button color="red" loading={confirm.isPending} onClick={() => confirm.mutate(action.id)}>
              {`Confirm: stop ${changing}`}
            </Button>
          )}
          {action?.undoable && (
            <Button variant="light" loading={undo.isPending} onClick={() => undo.mutate(action.id)}>
              Undo: start them again
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
