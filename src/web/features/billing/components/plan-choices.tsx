import { Badge, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionSummary } from '../../../../contracts/billing.ts';
import { BUSINESS_TRIAL_DAYS, PLANS } from '../../../../domain/plans.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { useStartTrial } from '../api/start-trial.ts';
import { formatUsd } from '../subscription-wording.ts';

const BUSINESS_PLANS = ['business_monthly', 'business_yearly'] as const;
const yearlySaving = 12 - PLANS.business_yearly.priceUsdCents / PLANS.business_monthly.priceUsdCents;

/** Upgrade options, shown while the organization does not pay by card: the trial, then Checkout. */
export function PlanChoices({ summary }: { summary: SubscriptionSummary }) {
  const checkout = useStartCheckout();
  const trial = useStartTrial();
  const paying = summary.source === 'stripe' && summary.plan !== 'free' && summary.state !== 'expired';
  const payable = summary.payments.configured;
  // Without card payments only the trial is on offer; the alert above says how else to get Business.
  if (paying || !summary.canManage || (!payable && !summary.trialAvailable)) return null;

  return (
    <Stack gap="sm" component="section" aria-label="Upgrade">
      <Title order={2} size="h4">
        {summary.state === 'trialing' ? 'Keep Business after the trial' : 'Upgrade to Business'}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: summary.trialAvailable ? 3 : 2 }}>
        {summary.trialAvailable && (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="xs" h="100%" justify="space-between">
              <div>
                <Text fw={700}>{BUSINESS_TRIAL_DAYS}-day trial</Text>
                <Text size="sm" c="dimmed">
                  Every Business feature for {BUSINESS_TRIAL_DAYS} days, no card. Then pay, or stay on Free.
                </Text>
              </div>
              <Button variant="light" loading={trial.isPending} onClick={() => trial.mutate()}>
                Start {BUSINESS_TRIAL_DAYS}-day trial
              </Button>
            </Stack>
          </Paper>
        )}
        {BUSINESS_PLANS.map((planId) => {
          const plan = PLANS[planId];
          return (
            <Paper key={planId} withBorder radius="md" p="lg">
              <Stack gap="xs" h="100%" justify="space-between">
                <div>
                  <Text fw={700}>
                    {plan.name}{' '}
                    {planId === 'business_yearly' && (
                      <Badge color="teal" variant="light" ml={4}>
                        {yearlySaving} months free
                      </Badge>
                    )}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatUsd(plan.priceUsdCents / 100)} a {plan.interval}, by card through Stripe. Cancel
                    any time.
                  </Text>
                </div>
                <Button
                  disabled={!payable}
                  loading={checkout.isPending && checkout.variables === planId}
                  onClick={() => checkout.mutate(planId)}
                >
                  {payable
                    ? `Pay ${formatUsd(plan.priceUsdCents / 100)} / ${plan.interval}`
                    : 'Card payments unavailable'}
                </Button>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
