import { useSubscriptionChange } from './subscription-change.ts';

/** POST /api/billing/downgrade: Free from now on. */
export const useDowngradeToFree = () =>
  useSubscriptionChange('downgrade', 'Your organization is now on Free.');
