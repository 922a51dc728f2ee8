import { useQuery } from '@tanstack/react-query';
import type { CreditsOverview } from '../../../../contracts/credits.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getCredits = () => apiRequest<CreditsOverview>('credits');

export const useCredits = () => useQuery({ queryKey: queryKeys.billing.credits, queryFn: getCredits });
