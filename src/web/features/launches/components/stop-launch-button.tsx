import { Button } from '@mantine/core';
import type { LaunchLedgerRowView } from '../../../../contracts/launch-events.ts';

/** Whether `other` is a running EC2 instance of the same launch (the same integration and launch key). */
const runningInSameLaunch = (row: LaunchLedgerRowView, other: LaunchLedgerRowView) =>
  other.resource_kind === 'ec2-instance' &&
  other.running &&
  other.integration_id === row.integration_id &&
  other.launch_key === row.launch_key;

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
 * "Stop" on a running launch's first row. It only opens the dialog: the dialog belongs to the table, not to
 * this row, because the row stops being a running launch's lead (and this button goes) once the stop lands.
 */
export function StopLaunchButton({ instanceCount, onStop }: { instanceCount: number; onStop: () => void }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      onClick={onStop}
      aria-label={`Stop ${instanceCount} ${instanceCount === 1 ? 'instance' : 'instances'} of this launch`}
    >
      {instanceCount > 1 ? `Stop ${instanceCount}` : 'Stop'}
    </Button>
  );
}
