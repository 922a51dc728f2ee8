import { useSubscriptionChange } from './subscription-change.ts';

/** POST /api/billing/cancel: no renewal; Business runs to the end of the paid period. */
export const useCancelSubscription = () =>
  useSubscriptionChange('cancel', 'Your subscription will not renew.');
