import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { SubscriptionSummary } from '../../../../contracts/billing.ts';
import { PLANS } from '../../../../domain/plans.ts';
import { useDowngradeToFree } from '../api/downgrade-to-free.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { describeSubscriptionState, formatUsd } from '../subscription-wording.ts';

const monthly = PLANS.business_monthly;

/** "Subscription Expired", explained: what stopped, and the two ways forward. */
export function ExpiredPanel({ summary }: { summary: SubscriptionSummary }) {
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  const downgrade = useDowngradeToFree();
  const fixCard = summary.reason === 'payment-failed' && summary.hasBillingAccount;

  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      bg="red.0"
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
      role="alert"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconAlertTriangle size={22} color="var(--mantine-color-red-7)" />
          <Title order={2} size="h4" c="red.8">
            Subscription Expired
          </Title>
        </Group>
        <Text>{describeSubscriptionState(summary, new Date()).line}</Text>
        <Text size="sm" c="dark.5">
          Until you choose, the cost dashboard and support messages answer “Subscription Expired”. Your data
          is kept. Pay to keep Business, or continue on Free (one AWS integration, one budget, three months of
          history).
        </Text>
        {summary.canManage ? (
          <Group gap="sm" mt="xs">
            {summary.payments.configured && fixCard && (
              <Button color="red" loading={portal.isPending} onClick={() => portal.mutate()}>
                Update card and pay
              </Button>
            )}
            {summary.payments.configured && !fixCard && (
              <Button
                color="red"
                loading={checkout.isPending}
                onClick={() => checkout.mutate('business_monthly')}
              >
                Pay for Business ({formatUsd(monthly.priceUsdCents / 100)} a {monthly.interval})
              </Button>
            )}
            <Button variant="default" loading={downgrade.isPending} onClick={() => downgrade.mutate()}>
              Continue on Free
            </Button>
          </Group>
        ) : (
          <Text size="sm">Ask your organization's owner to renew or to continue on Free.</Text>
        )}
        {!summary.payments.configured && summary.canManage && (
          <Text size="sm" c="dimmed">
            Card payments are not configured on this server: ask its operator to renew Business for you.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
