import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconBulb, IconFilterOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';

const SKELETON_ROWS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8'];

export function FindingsSkeleton() {
  return (
    <Stack gap="md" aria-label="Loading recommendations">
      <Skeleton h={130} radius="md" />
      <Skeleton h={52} radius="md" />
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {SKELETON_ROWS.map((row) => (
            <Skeleton key={row} h={44} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** No findings computed yet: nothing connected, a role not set up, or fewer than 14 days of metrics. */
export function NoFindingsYet() {
  return (
    <EmptyState
      icon={<IconBulb size={28} />}
      title="No recommendations yet"
      action={
        <Button component={Link} to="/aws-integration">
          Open AWS Integrations
        </Button>
      }
    >
      Recommendations come from your EC2 instances and 14 days of their CloudWatch metrics, read through an
      AWS account connected with Spendguard's read-only role; uploaded billing files carry no metrics. Connect
      an account, or check the one you connected, and idle and oversized instances appear here with what each
      would save a month.
    </EmptyState>
  );
}

export function NoMatchingFindings({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<IconFilterOff size={28} />}
      title="No findings match these filters"
      action={<Button onClick={onClear}>Clear filters</Button>}
    >
      Dismissed and snoozed findings are hidden unless you choose to show them.
    </EmptyState>
  );
}
