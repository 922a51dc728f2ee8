import { useQuery } from '@tanstack/react-query';
import type { CreditsOverview } from '../../../../contracts/credits.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const CREDITS_QUERY_KEY = ['billing', 'credits'] as const;

export const getCredits = () => apiRequest<CreditsOverview>('credits');

export const useCredits = () => useQuery({ queryKey: CREDITS_QUERY_KEY, queryFn: getCredits });
