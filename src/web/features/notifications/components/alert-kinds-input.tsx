import { Checkbox, Group } from '@mantine/core';
import type { NotificationKind } from '../../../../contracts/alerts.ts';
import { KIND_CHOICES } from './alert-format.ts';

/** Which alert kinds a person receives, or go to the Slack channel, a webhook or a Teams endpoint. */
export function AlertKindsInput({
  value,
  onChange,
  label = 'Alerts that go to this channel',
}: {
  value: NotificationKind[];
  onChange: (kinds: NotificationKind[]) => void;
  label?: string;
}) {
  return (
    <Checkbox.Group label={label} value={value} onChange={(kinds) => onChange(kinds as NotificationKind[])}>
      <Group mt={6}>
        {KIND_CHOICES.map((choice) => (
          <Checkbox key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
