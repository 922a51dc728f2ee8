import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionSummary } from '../../../../contracts/billing.ts';
import { BUSINESS_TRIAL_DAYS, PLANS } from '../../../../domain/plans.ts';
import { daysUntil, describeSubscriptionState, formatUsd, paymentNote } from '../subscription-wording.ts';
import { PlanActions } from './plan-actions.tsx';

function priceLine(summary: SubscriptionSummary): string {
  const plan = PLANS[summary.plan];
  if (plan.interval === null) return '$0';
  if (summary.source === 'trial')
    return `Free during the trial, then ${formatUsd(plan.priceUsdCents / 100)} a ${plan.interval}`;
  return `${formatUsd(plan.priceUsdCents / 100)} a ${plan.interval}`;
}

/** The plan now: its name and state, the price, the date that matters next, and what the owner can do. */
export function CurrentPlanCard({ summary }: { summary: SubscriptionSummary }) {
  const wording = describeSubscriptionState(summary, new Date());
  const trialLeft =
    summary.state === 'trialing' && summary.trialEndsAt ? daysUntil(summary.trialEndsAt, new Date()) : null;

  return (
    <Paper withBorder radius="md" p="xl" h="100%" component="section" aria-label="Current plan">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
              Current plan
            </Text>
            <Title order={2} size="h3" data-testid="current-plan-name">
              {summary.planName}
            </Title>
          </Stack>
          <Badge size="lg" color={wording.color} variant="light" data-testid="subscription-state">
            {wording.badge}
          </Badge>
        </Group>
        <Text fw={600}>{priceLine(summary)}</Text>
        <Text c={summary.state === 'expired' ? 'red.7' : 'dark.5'}>{wording.line}</Text>
        {trialLeft !== null && (
          <Progress
            value={(100 * (BUSINESS_TRIAL_DAYS - trialLeft)) / BUSINESS_TRIAL_DAYS}
            aria-label={`${trialLeft} of ${BUSINESS_TRIAL_DAYS} trial days left`}
          />
        )}
        {summary.state !== 'expired' && (
          <Text size="sm" c="dimmed">
            {paymentNote(summary)}
          </Text>
        )}
        <PlanActions summary={summary} />
      </Stack>
    </Paper>
  );
}
