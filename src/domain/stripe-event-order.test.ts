import { describe, expect, it } from 'vitest';
import {
  afterGoodStanding,
  afterPaymentFailed,
  afterPaymentSucceeded,
  mayApplySubscriptionEvent,
} from './stripe-event-order.ts';

const at = (iso: string) => new Date(iso);
const following = (status: string, stateAt: string) => ({
  subscriptionId: 'sub_A',
  status,
  stateAt: at(stateAt),
});

describe('an event about the subscription we follow', () => {
  it('applies when nothing is stored yet', () => {
    const stored = { subscriptionId: null, status: null, stateAt: null };
    expect(
      mayApplySubscriptionEvent(stored, {
        subscriptionId: 'sub_A',
        status: 'active',
        createdAt: at('2026-11-01T00:00:00Z'),
      }),
    ).toBe(true);
  });
  it('applies when it is newer than what we stored', () => {
    expect(
      mayApplySubscriptionEvent(following('active', '2026-11-01T00:00:00Z'), {
        subscriptionId: 'sub_A',
        status: 'past_due',
        createdAt: at('2026-11-02T00:00:00Z'),
      }),
    ).toBe(true);
  });
  it('is ignored when older than what we stored (delivered out of order)', () => {
    expect(
      mayApplySubscriptionEvent(following('active', '2026-11-02T00:00:00Z'), {
        subscriptionId: 'sub_A',
        status: 'past_due',
        createdAt: at('2026-11-01T00:00:00Z'),
      }),
    ).toBe(false);
  });
  it('never revives a subscription that ended, even with a later timestamp', () => {
    expect(
      mayApplySubscriptionEvent(following('canceled', '2026-11-02T00:00:00Z'), {
        subscriptionId: 'sub_A',
        status: 'active',
        createdAt: at('2026-11-03T00:00:00Z'),
      }),
    ).toBe(false);
  });
});

describe('an event about another subscription', () => {
  it('takes over when the one we follow ended (the owner subscribed again)', () => {
    expect(
      mayApplySubscriptionEvent(following('canceled', '2026-11-05T00:00:00Z'), {
        subscriptionId: 'sub_B',
        status: 'active',
        createdAt: at('2026-11-04T00:00:00Z'),
      }),
    ).toBe(true);
  });
  it('is ignored when it says that other subscription ended', () => {
    expect(
      mayApplySubscriptionEvent(following('active', '2026-11-01T00:00:00Z'), {
        subscriptionId: 'sub_B',
        status: 'canceled',
        createdAt: at('2026-11-09T00:00:00Z'),
      }),
    ).toBe(false);
  });
  it('is ignored when older than the state of the live one we follow', () => {
    expect(
      mayApplySubscriptionEvent(following('active', '2026-11-05T00:00:00Z'), {
        subscriptionId: 'sub_B',
        status: 'active',
        createdAt: at('2026-11-01T00:00:00Z'),
      }),
    ).toBe(false);
  });
});

describe('payments', () => {
  const none = { paymentFailedAt: null, lastPaidAt: null };
  it('a failure starts the grace period at the first failure', () => {
    const first = afterPaymentFailed(none, at('2026-11-10T00:00:00Z'));
    const retry = afterPaymentFailed(first, at('2026-11-13T00:00:00Z'));
    expect(retry.paymentFailedAt).toEqual(at('2026-11-10T00:00:00Z'));
  });
  it('a success ends it', () => {
    const failed = afterPaymentFailed(none, at('2026-11-10T00:00:00Z'));
    expect(afterPaymentSucceeded(failed, at('2026-11-11T00:00:00Z'))).toEqual({
      paymentFailedAt: null,
      lastPaidAt: at('2026-11-11T00:00:00Z'),
    });
  });
  it('a late success for an older invoice does not hide a newer failure', () => {
    const failed = afterPaymentFailed(none, at('2026-11-10T00:00:00Z'));
    const late = afterPaymentSucceeded(failed, at('2026-10-10T00:00:00Z'));
    expect(late.paymentFailedAt).toEqual(at('2026-11-10T00:00:00Z'));
  });
  it('a late failure after a newer success is ignored', () => {
    const paid = afterPaymentSucceeded(none, at('2026-11-11T00:00:00Z'));
    expect(afterPaymentFailed(paid, at('2026-11-10T00:00:00Z')).paymentFailedAt).toBeNull();
  });
  it('a late success never moves the last payment back in time', () => {
    const paid = afterPaymentSucceeded(none, at('2026-11-11T00:00:00Z'));
    expect(afterPaymentSucceeded(paid, at('2026-10-11T00:00:00Z')).lastPaidAt).toEqual(
      at('2026-11-11T00:00:00Z'),
    );
  });
  it('a subscription back in good standing ends an older grace period without counting as a payment', () => {
    const failed = afterPaymentFailed(none, at('2026-11-10T00:00:00Z'));
    expect(afterGoodStanding(failed, at('2026-11-12T00:00:00Z'))).toEqual(none);
    expect(afterGoodStanding(failed, at('2026-11-09T00:00:00Z'))).toEqual(failed);
  });
});
