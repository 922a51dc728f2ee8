import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LaunchLedgerView } from '../../../../contracts/launch-events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const RUNNING = { status: 'running' } as const;

/** GET launch-ledger?status=running: what runs now that the bill does not show yet. */
export const getRunningLaunches = (signal?: AbortSignal) =>
  apiRequest<LaunchLedgerView>('launch-ledger', { signal, query: RUNNING });

/**
 * The point of the card is that it is live: it asks again every 15 s while the dashboard is open,
 * also while nothing runs, so a launch shows up without a reload. Polling stops when the page is left.
 */
export const runningLaunchesQuery = () =>
  queryOptions({
    queryKey: queryKeys.launchLedger.list(RUNNING),
    queryFn: ({ signal }) => getRunningLaunches(signal),
    refetchInterval: 15_000,
    staleTime: 10_000,
  });

export const useRunningLaunches = () => useQuery(runningLaunchesQuery());
