import { Alert, Button, Grid, Skeleton, Stack } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/page-container.tsx';
import { ScreenHeader } from '../../../components/screen-header.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { CheckoutReturnAlert, useCheckoutReturn } from './checkout-return-alert.tsx';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { ExpiredPanel } from './expired-panel.tsx';
import { InvoicesTable } from './invoices-table.tsx';
import { PaymentsOffAlert } from './payments-off-alert.tsx';
import { PlanChoices } from './plan-choices.tsx';
import { PlanUsageCard } from './plan-usage-card.tsx';

/** /subscription: the plan, its state and dates, upgrade and changes, what it includes, invoices. */
export function SubscriptionPage() {
  const [searchParams] = useSearchParams();
  const checkoutReturn = useCheckoutReturn(searchParams.get('checkout'));
  const query = useSubscription({ pollMs: checkoutReturn.waiting ? 2_000 : false });

  return (
    <PageContainer>
      <ScreenHeader
        title="Subscription"
        description="Your organization's plan, renewal date and invoices."
        actions={
          <Button component={Link} to="/credits" variant="default" leftSection={<IconCoins size={16} />}>
            Credits
          </Button>
        }
      />
      {query.isPending ? (
        <SubscriptionSkeleton />
      ) : query.isError ? (
        <Alert color="red" title="The subscription could not be loaded">
          {rejectionMessage(query.error)}
        </Alert>
      ) : (
        <Stack gap="lg">
          <CheckoutReturnAlert outcome={checkoutReturn} summary={query.data} />
          {!query.data.payments.configured && <PaymentsOffAlert />}
          {query.data.state === 'expired' && <ExpiredPanel summary={query.data} />}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <CurrentPlanCard summary={query.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <PlanUsageCard summary={query.data} />
            </Grid.Col>
          </Grid>
          <PlanChoices summary={query.data} />
          <InvoicesTable enabled={query.data.hasBillingAccount} />
        </Stack>
      )}
    </PageContainer>
  );
}

function SubscriptionSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the subscription">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton h={220} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton h={220} radius="md" />
        </Grid.Col>
      </Grid>
      <Skeleton h={160} radius="md" />
    </Stack>
  );
}
