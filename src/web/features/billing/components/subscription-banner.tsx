import { Alert, Anchor, Container } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useSubscription } from '../api/get-subscription.ts';
import { describeSubscriptionState } from '../subscription-wording.ts';

/**
 * Shown on every signed-in screen while the plan is expired or in its grace period, so nobody meets
 * "Subscription Expired" on a chart without knowing why. The owner is sent to /subscription.
 */
export function SubscriptionBanner({ enabled }: { enabled: boolean }) {
  const { pathname } = useLocation();
  const query = useSubscription({ enabled });
  const summary = query.data;
  if (!enabled || !summary || pathname === '/subscription') return null;
  if (summary.state !== 'expired' && summary.state !== 'grace') return null;
  const expired = summary.state === 'expired';
  const { line } = describeSubscriptionState(summary, new Date());

  return (
    <Container size="xl" pt="md">
      <Alert
        color={expired ? 'red' : 'orange'}
        icon={<IconAlertTriangle size={18} />}
        title={expired ? 'Subscription Expired' : 'Payment needed'}
        data-testid="subscription-banner"
      >
        {line}{' '}
        {summary.canManage ? (
          <Anchor component={Link} to="/subscription" fw={600} fz="inherit">
            {expired ? 'Pay or continue on Free' : 'Update your card'}
          </Anchor>
        ) : (
          "Ask your organization's owner to renew."
        )}
      </Alert>
    </Container>
  );
}
