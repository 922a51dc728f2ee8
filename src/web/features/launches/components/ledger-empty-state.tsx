import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';

/** Nothing launched since the bill data: what would arrive here, and how it gets here. */
export function NoLaunchesState({ canManageIntegrations }: { canManageIntegrations: boolean }) {
  return (
    <EmptyState
      icon={<IconRocket size={28} />}
      title="Nothing launched since your bill data"
      action={
        canManageIntegrations && (
          <Button component={Link} to="/aws-integration" variant="light">
            See whether launch events arrive
          </Button>
        )
      }
    >
      <Stack gap="xs" component="span">
        <span>
          When someone starts or resizes an EC2 instance, creates a NAT gateway or an RDS database, it shows
          up here within a minute, priced on demand, hours before the bill has it. The integration's
          CloudFormation stack sends these launch events to a queue in your account that Spendguard reads.
        </span>
        <span>
          The instance type and who launched it come from CloudTrail API-call events, which need a trail
          logging management events. Without one, launches still arrive, and their type is filled in by the
          next inventory sync.
        </span>
      </Stack>
    </EmptyState>
  );
}

export function NoMatchingLaunches({ onClear }: { onClear: () => void }) {
  return (
    <Text size="sm" c="dimmed" component="span">
      No launch matches these filters.{' '}
      <Anchor component="button" size="sm" onClick={onClear}>
        Show all launches
      </Anchor>
    </Text>
  );
}
