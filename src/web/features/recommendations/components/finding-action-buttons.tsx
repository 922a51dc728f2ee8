import { Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconClockPause, IconEyeOff } from '@tabler/icons-react';
import type { Ec2FindingView } from '../../../../contracts/recommendations.ts';
import { formatWhenDay } from '../../../lib/instant-format.ts';
import { useActOnEc2Finding } from '../api/act-on-ec2-finding.ts';

function actionSentence(finding: Ec2FindingView): string {
  const action = finding.action!;
  const by = action.by ? ` by ${action.by}` : '';
  if (action.kind === 'dismissed') return `Dismissed${by} on ${formatWhenDay(action.at)}.`;
  return `Snoozed${by} until ${formatWhenDay(action.snoozed_until ?? action.at)}.`;
}

/** Dismiss (until the finding changes kind), snooze for 30 days, or undo either. Owners and admins only. */
export function FindingActionButtons({ finding, canAct }: { finding: Ec2FindingView; canAct: boolean }) {
  const act = useActOnEc2Finding();
  const busy = act.isPending;
  if (finding.action) {
    return (
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {actionSentence(finding)}
        </Text>
        {canAct && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArrowBackUp size={14} />}
            loading={busy}
            onClick={() => act.mutate({ id: finding.id, action: 'undo' })}
          >
            Undo
          </Button>
        )}
      </Group>
    );
  }
  if (!canAct) {
    return (
      <Text size="sm" c="dimmed">
        Owners and admins can dismiss or snooze findings.
      </Text>
    );
  }
  return (
    <Group gap="sm">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconEyeOff size={14} />}
        loading={busy && act.variables?.action === 'dismiss'}
        disabled={busy}
        onClick={() => act.mutate({ id: finding.id, action: 'dismiss' })}
      >
        Dismiss
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconClockPause size={14} />}
        loading={busy && act.variables?.action === 'snooze'}
        disabled={busy}
        onClick={() => act.mutate({ id: finding.id, action: 'snooze' })}
      >
        Snooze 30 days
      </Button>
    </Group>
  );
}
