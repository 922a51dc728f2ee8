import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LaunchLedgerView } from '../../../../contracts/launch-events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { LedgerFilters } from '../ledger-filters.ts';

/** GET launch-ledger with the page's filters. */
export const getLaunchLedger = (filters: LedgerFilters, signal?: AbortSignal) =>
  apiRequest<LaunchLedgerView>('launch-ledger', { signal, query: { ...filters } });

/** Live like the dashboard card: asked again every 15 s while the page is open. */
export const launchLedgerQuery = (filters: LedgerFilters) =>
  queryOptions({
    queryKey: queryKeys.launchLedger.list(filters),
    queryFn: ({ signal }) => getLaunchLedger(filters, signal),
    refetchInterval: 15_000,
    staleTime: 10_000,
    // A changed filter keeps the previous table on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export const useLaunchLedger = (filters: LedgerFilters) => useQuery(launchLedgerQuery(filters));
