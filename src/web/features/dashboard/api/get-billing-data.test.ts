import { describe, expect, it } from 'vitest';
import { defaultBillingView } from '../../../../domain/billing-view.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { billingDataQuery } from './get-billing-data.ts';

describe('the billing query', () => {
  const view = defaultBillingView('2026-11-24');

  it('runs only once user id, integration, tag key and tag values are set', () => {
    expect(billingDataQuery('user-1', view).enabled).toBe(true);
    expect(billingDataQuery(undefined, view).enabled).toBe(false);
    expect(billingDataQuery('user-1', { ...view, selectedTagValues: [] }).enabled).toBe(false);
  });

  it('retries up to 3 times, never after Subscription Expired, and does not refetch on focus', () => {
    const options = billingDataQuery('user-1', view);
    const retry = options.retry as (failures: number, error: unknown) => boolean;
    const outage = new ApiRequestError(503, 'HttpError', 'The server answered 503.');
    const expired = new ApiRequestError(402, 'SubscriptionExpired', 'Subscription Expired');
    expect([0, 1, 2, 3].map((failures) => retry(failures, outage))).toEqual([true, true, true, false]);
    expect(retry(0, expired)).toBe(false);
    expect(options.refetchOnWindowFocus).toBe(false);
  });
});
