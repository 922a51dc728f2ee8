import { Button, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { RecommendationItem } from '../../../../contracts/recommendation-list.ts';
import { type RecommendationAction, useActOnRecommendation } from '../api/act-on-recommendation.ts';
import { ACTION_NAMES } from './recommendation-kinds.ts';

const ACTION_HELP: Record<RecommendationAction, string> = {
  dismissed: 'Hidden until the resource is gone or gets another kind of finding.',
  snoozed: 'Hidden for 30 days, then back in the list.',
  expected: 'Known and wanted: hidden, and its reason kept across syncs.',
};

/** Dismiss, snooze or mark as expected, always with a reason; or undo what was done. */
export function RecommendationActionButton({ item }: { item: RecommendationItem }) {
  const act = useActOnRecommendation();
  const [chosen, setChosen] = useState<RecommendationAction | null>(null);
  const [reason, setReason] = useState('');
  if (item.action) {
    return (
      <Button
        size="compact-xs"
        variant="subtle"
        loading={act.isPending}
        onClick={() => act.mutate({ id: item.id, change: 'undo' })}
      >
        Undo
      </Button>
    );
  }
  const close = () => {
    setChosen(null);
    setReason('');
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-xs" variant="default">
            Set aside
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(Object.keys(ACTION_NAMES) as RecommendationAction[]).map((action) => (
            <Menu.Item key={action} onClick={() => setChosen(action)}>
              {action === 'snoozed'
                ? 'Snooze 30 days'
                : action === 'expected'
                  ? 'Mark as expected'
                  : 'Dismiss'}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={chosen !== null} onClose={close} title={`${item.name ?? item.resource_id}`} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return;
            act.mutate({ id: item.id, change: { action: chosen, reason } }, { onSuccess: close });
          }}
        >
          <Stack>
            <Text size="sm">{chosen ? ACTION_HELP[chosen] : ''}</Text>
            <Textarea
              label="Reason"
              description="Kept with the finding and shown to everyone who sees it"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              required
              maxLength={500}
              autosize
              minRows={2}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={act.isPending} disabled={reason.trim() === ''}>
                {chosen ? ACTION_NAMES[chosen] : ''}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
