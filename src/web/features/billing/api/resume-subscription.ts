import { useSubscriptionChange } from './subscription-change.ts';

/** POST /api/billing/resume */
export const useResumeSubscription = () =>
  useSubscriptionChange('resume', 'Your subscription will renew again.');
