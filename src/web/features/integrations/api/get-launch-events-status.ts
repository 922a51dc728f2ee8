import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LaunchEventsStatusView } from '../../../../contracts/launch-events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET launch-events/status: whether each integration's launch events arrive. */
export const getLaunchEventsStatus = (signal?: AbortSignal) =>
  apiRequest<{ integrations: LaunchEventsStatusView[] }>('launch-events/status', { signal });

/** One request for every card; the poller's news (a queue created, an event) shows within 30 s. */
export const launchEventsStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.launchEventsStatus,
    queryFn: ({ signal }) => getLaunchEventsStatus(signal),
    refetchInterval: 30_000,
    staleTime: 10_000,
  });

export const useLaunchEventsStatus = () => useQuery(launchEventsStatusQuery());
