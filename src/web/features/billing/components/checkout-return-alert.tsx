import { Alert, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SubscriptionSummary } from '../../../../contracts/billing.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { formatDay } from '../subscription-wording.ts';

/** Stripe's confirmation (a webhook) usually lands within seconds of the return; we wait up to a minute. */
const CONFIRMATION_WAIT_MS = 60_000;

export interface CheckoutReturn {
  outcome: 'success' | 'cancelled' | null;
  waiting: boolean;
  confirmed: boolean;
}

/** Back from Stripe Checkout (?checkout=success|cancelled): wait for the paid plan to show. */
export function useCheckoutReturn(param: string | null): CheckoutReturn & { confirm(): void } {
  const outcome = param === 'success' || param === 'cancelled' ? param : null;
  const [confirmed, setConfirmed] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (outcome !== 'success') return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  return {
    outcome,
    confirmed,
    waiting: outcome === 'success' && !confirmed && !timedOut,
    confirm: () => setConfirmed(true),
  };
}

const isPaid = (summary: SubscriptionSummary) => summary.source === 'stripe' && summary.plan !== 'free';

export function CheckoutReturnAlert({
  outcome,
  summary,
}: {
  outcome: ReturnType<typeof useCheckoutReturn>;
  summary: SubscriptionSummary;
}) {
  const queryClient = useQueryClient();
  const paid = isPaid(summary);
  useEffect(() => {
    if (outcome.outcome !== 'success' || !paid || outcome.confirmed) return;
    outcome.confirm();
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    void queryClient.invalidateQueries({ queryKey: queryKeys.billing.invoices });
  }, [outcome, paid, queryClient]);

  if (outcome.outcome === 'cancelled') {
    return (
      <Alert color="gray" title="Checkout cancelled">
        Nothing was charged. Your plan is unchanged.
      </Alert>
    );
  }
  if (outcome.outcome !== 'success') return null;
  if (paid && summary.firstChargeAt) {
    return (
      <Alert color="teal" title="Thank you: Business is yours">
        Your organization is on {summary.planName}. Nothing is charged until{' '}
        {formatDay(summary.firstChargeAt)}, when the trial would have ended.
      </Alert>
    );
  }
  if (paid) {
    return (
      <Alert color="teal" title="Thank you: your payment went through">
        Your organization is on {summary.planName}.
      </Alert>
    );
  }
  return (
    <Alert
      color="blue"
      title="Confirming your payment with Stripe"
      icon={outcome.waiting ? <Loader size="xs" /> : undefined}
    >
      {outcome.waiting
        ? 'This takes a few seconds; the page updates by itself.'
        : 'Stripe has not confirmed the payment yet. Reload this page in a minute; you will not be charged twice.'}
    </Alert>
  );
}
