import { Checkbox, Group } from '@mantine/core';
import type { NotificationKind } from '../../../../contracts/alerts.ts';

/** Which alert kinds go to the Slack channel (or a webhook or Teams endpoint). */
export function SlackKindsInput({
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
        <Checkbox value="budget" label="Budgets" />
        <Checkbox value="cost-threshold" label="Cost thresholds" />
        <Checkbox value="anomaly" label="Anomalies" />
        <Checkbox value="idle-ec2" label="Idle EC2" />
        <Checkbox value="launch" label="Launches" />
      </Group>
    </Checkbox.Group>
  );
}
