import { BUSINESS_TRIAL_DAYS } from '../../../../domain/plans.ts';
import { useSubscriptionChange } from './subscription-change.ts';

/** POST /api/billing/trial */
export const useStartTrial = () =>
  useSubscriptionChange('trial', `Your ${BUSINESS_TRIAL_DAYS}-day Business trial has started.`);
