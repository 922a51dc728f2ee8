import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ApiRequestError, rejectionMessage } from '../../../lib/api-client.ts';
import { isSubscriptionExpired } from '../../../lib/query-client.ts';
import { SpendCardsSkeleton } from './spend-cards.tsx';
import { SpendChartSkeleton } from './spend-chart-skeleton.tsx';

export const isNoIntegration = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'NoIntegration';

/** A new organization: nothing to show yet, and the one step that changes that. */
export function NoIntegrationState() {
  return (
    <EmptyState
      icon={<IconChartBar size={28} />}
      title="Connect AWS to see your spend"
      action={
        <Button component={Link} to="/aws-integration">
          Connect AWS
        </Button>
      }
    >
      Spendguard reads your AWS Cost and Usage Report or Cost Explorer through a read-only role. Connect an
      account, or upload a billing export, and your spend by day, service and tag appears here, with a
      month-end forecast.
    </EmptyState>
  );
}

/** Subscription Expired is final (no retry); say what happened and what can be done. */
export function SubscriptionExpiredState() {
  return (
    <Alert color="orange" radius="md" icon={<IconCreditCard size={20} />} title="Your subscription has ended">
      <Stack gap="xs">
        <Text size="sm">
          The Business trial or subscription of your organization has expired, so spend data is paused. Choose
          a plan to pick up where you left off, or continue on the free plan (one integration, three months of
          history).
        </Text>
        <Group>
          <Button component={Link} to="/subscription" size="xs" color="orange">
            Choose a plan or continue on Free
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function BillingErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isSubscriptionExpired(error)) return <SubscriptionExpiredState />;
  const message = rejectionMessage(error);
  return (
    <Alert
      color="red"
      radius="md"
      icon={<IconAlertTriangle size={20} />}
      title="Spend data could not be loaded"
    >
      <Text size="sm">{message}</Text>
      <Group mt="xs">
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
        <Anchor component={Link} to="/aws-integration" size="sm">
          Check the integration
        </Anchor>
      </Group>
    </Alert>
  );
}

export function DashboardSkeleton() {
  return (
    <Stack gap="md" data-testid="dashboard-loading">
      <SpendCardsSkeleton />
      <SpendChartSkeleton />
    </Stack>
  );
}
