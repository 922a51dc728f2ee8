import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

/** Two retries and five minutes of freshness by default. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 2, staleTime: 300_000 },
    },
  });
}

/** "Subscription Expired" is final; other failures retry up to three times. */
export function isSubscriptionExpired(error: unknown): boolean {
  const text = error instanceof ApiRequestError ? `${error.code} ${error.message}` : String(error);
  return text.includes('Subscription Expired');
}

/** The messages and billing queries retry up to 3 times and do not refetch on focus. */
export const persistentQueryOptions = {
  retry: (failureCount: number, error: unknown) => !isSubscriptionExpired(error) && failureCount < 3,
  refetchOnWindowFocus: false,
} as const;
