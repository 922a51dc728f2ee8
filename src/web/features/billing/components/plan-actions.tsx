import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SubscriptionSummary } from '../../../../contracts/billing.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useDowngradeToFree } from '../api/downgrade-to-free.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';
import { useResumeSubscription } from '../api/resume-subscription.ts';

/** Manage the card and invoices in Stripe's portal, stop or restart the renewal, or go back to Free. */
export function PlanActions({ summary }: { summary: SubscriptionSummary }) {
  const portal = useOpenBillingPortal();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  if (!summary.canManage) {
    return (
      <Text size="sm" c="dimmed">
        Only the organization's owner can change the plan.
      </Text>
    );
  }
  const paysByCard = summary.source === 'stripe' && summary.plan !== 'free' && summary.state !== 'expired';

  return (
    <Group gap="sm" mt="xs">
      {summary.hasBillingAccount && (
        <Button variant="default" loading={portal.isPending} onClick={() => portal.mutate()}>
          Manage card and invoices
        </Button>
      )}
      {paysByCard && !summary.cancelAtPeriodEnd && (
        <Button variant="subtle" color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
          Cancel renewal
        </Button>
      )}
      {paysByCard && summary.cancelAtPeriodEnd && (
        <Button variant="light" loading={resume.isPending} onClick={() => resume.mutate()}>
          Keep my subscription
        </Button>
      )}
      {summary.plan !== 'free' && summary.state !== 'expired' && <DowngradeButton summary={summary} />}
    </Group>
  );
}

/** Moving to Free stops Business features at once, so it asks first. */
function DowngradeButton({ summary }: { summary: SubscriptionSummary }) {
  const [opened, { open, close }] = useDisclosure(false);
  const downgrade = useDowngradeToFree();
  const label = summary.state === 'trialing' ? 'End trial, stay on Free' : 'Downgrade to Free';
  return (
    <>
      <Button variant="subtle" color="gray" onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title="Move to Free now?" centered>
        <Stack>
          <Text size="sm">
            {summary.source === 'stripe' ? 'Your Stripe subscription is cancelled at once. ' : ''}
            Free keeps one AWS integration, one budget, e-mail alerts and three months of history; Slack
            alerts, anomaly detection and teams stop now.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep Business
            </Button>
            <Button
              color="red"
              loading={downgrade.isPending}
              onClick={() => downgrade.mutate(undefined, { onSuccess: close })}
            >
              Move to Free
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
