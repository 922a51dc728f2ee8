import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ProposeActionInput, ResourceActionView } from '../../contracts/actions.ts';
import type { ActionOffer } from '../../domain/resource-action-offers.ts';
import { rejectionMessage } from '../lib/api-client.ts';
import { useConfirmAction, useProposeAction, useUndoAction } from '../lib/resource-actions.ts';
import { ActionSteps, actionHeadline, confirmLabel, undoLabel } from './action-steps.tsx';

type ActionKind = ProposeActionInput['kind'];
type TagRequest = Extract<ProposeActionInput, { kind: 'tag-for-review' }>;

const TITLES: Record<ActionKind, string> = {
  'stop-instances': 'Stop the launched instances',
  'scale-to-zero': 'Set the Auto Scaling group to 0',
  'stop-database': 'Stop the database',
  'tag-for-review': 'Tag for later',
};

/**
 * One action on AWS resources from a screen: the dry run first (exactly what will change), then Confirm;
 * once done, the outcome per resource and Undo. Held by the table or list, not by the row's button: once
 * the action lands the rows refresh and the button may go, while the outcome and Undo must stay. The
 * shown action is the latest mutation's answer.
 */
export function useResourceAction() {
  const [kind, setKind] = useState<ActionKind | null>(null);
  // "Tag for later" asks why before its dry run: the reason is part of what will change.
  const [untagged, setUntagged] = useState<Omit<TagRequest, 'reason'> | null>(null);
  const propose = useProposeAction();
  const confirm = useConfirmAction();
  const undo = useUndoAction();
  const reset = (next: ActionKind) => {
    propose.reset();
    confirm.reset();
    undo.reset();
    setKind(next);
  };
  const start = (request: ProposeActionInput) => {
    reset(request.kind);
    setUntagged(null);
    propose.mutate(request);
  };
  const askWhy = (request: Omit<TagRequest, 'reason'>) => {
    reset(request.kind);
    setUntagged(request);
  };
  const close = () => {
    setKind(null);
    setUntagged(null);
  };
  return { kind, untagged, start, askWhy, close, propose, confirm, undo };
}

export type ResourceAction = ReturnType<typeof useResourceAction>;

/** A finding's or a ledger row's offer, opened in the dialog: a tag asks why first, the others dry-run at once. */
export function actOnOffer(action: ResourceAction, integrationId: string, offer: ActionOffer) {
  const where = {
    account_id: offer.resource.accountId,
    region: offer.resource.region,
    id: offer.resource.id,
  };
  if (offer.kind === 'tag-for-review')
    action.askWhy({
      integration_id: integrationId,
      kind: 'tag-for-review',
      resource: { ...where, type: 'ec2-instance' },
    });
  else if (offer.kind === 'scale-to-zero')
    action.start({
      integration_id: integrationId,
      kind: 'scale-to-zero',
      resource: { ...where, type: 'auto-scaling-group' },
    });
  else
    action.start({
      integration_id: integrationId,
      kind: 'stop-database',
      resource: { ...where, type: 'rds-db-instance' },
    });
}

function TagReasonForm({ action }: { action: ResourceAction }) {
  const [reason, setReason] = useState('');
  const { untagged } = action;
  if (!untagged) return null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        action.propose.mutate({ ...untagged, reason });
      }}
    >
      <Stack>
        <Text size="sm">
          Spendguard writes the tag{' '}
          <Text span ff="monospace">
            spendguard:review
          </Text>{' '}
          on{' '}
          <Text span ff="monospace">
            {untagged.resource.id}
          </Text>{' '}
          with your reason, your name and the day. Nothing else changes.
        </Text>
        <Textarea
          label="Why should it be looked at later?"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={200}
          rows={3}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={action.close}>
            Cancel
          </Button>
          <Button type="submit" loading={action.propose.isPending} disabled={reason.trim() === ''}>
            Show what will change
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Outcome({ shown }: { shown: ResourceActionView }) {
  return (
    <>
      <Text fw={600} data-testid="action-headline">
        {actionHeadline(shown)}
      </Text>
      <ActionSteps action={shown} />
    </>
  );
}

export function ResourceActionDialog({ action }: { action: ResourceAction }) {
  const { propose, confirm, undo } = action;
  const shown = undo.data ?? confirm.data ?? propose.data;
  const failure = undo.error ?? confirm.error ?? propose.error;
  const asking = action.untagged !== null && !shown;
  const checking = action.kind === 'scale-to-zero' || action.kind === 'stop-database';
  return (
    <Modal
      opened={action.kind !== null}
      onClose={action.close}
      title={action.kind ? TITLES[action.kind] : ''}
      size="lg"
    >
      <Stack>
        {asking && <TagReasonForm action={action} />}
        {propose.isPending && (
          <Text size="sm">
            {checking ? 'Checking the action role and the resource’s state…' : 'Asking EC2 for a dry run…'}
          </Text>
        )}
        {shown && !propose.isPending && <Outcome shown={shown} />}
        {failure && (
          <Text c="red" size="sm" role="alert">
            {rejectionMessage(failure)}
          </Text>
        )}
        {!asking && (
          <Group justify="flex-end">
            <Button variant="default" onClick={action.close}>
              {shown?.status === 'proposed' ? 'Cancel' : 'Close'}
            </Button>
            {shown?.status === 'proposed' && !propose.isPending && (
              <Button
                color={shown.kind === 'tag-for-review' ? 'blue' : 'red'}
                loading={confirm.isPending}
                onClick={() => confirm.mutate(shown.id)}
              >
                {confirmLabel(shown)}
              </Button>
            )}
            {shown?.undoable && (
              <Button variant="light" loading={undo.isPending} onClick={() => undo.mutate(shown.id)}>
                {undoLabel(shown)}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
