import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommitmentsView } from '../../../../contracts/commitments.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { CommitmentFilters } from '../commitment-filters.ts';

/** GET commitments: the default integration's Savings Plans and reservations over the chosen window. */
export const getCommitments = (filters: CommitmentFilters, signal?: AbortSignal) =>
  apiRequest<CommitmentsView>('commitments', {
    signal,
    query: {
      from: filters.from,
      to: filters.to,
      granularity: filters.granularity,
      kind: filters.kind === 'all' ? undefined : filters.kind,
      account_id: filters.accountId ?? undefined,
    },
  });

export const commitmentsQuery = (filters: CommitmentFilters) =>
  queryOptions({
    queryKey: queryKeys.commitments.list(filters),
    queryFn: ({ signal }) => getCommitments(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useCommitments = (filters: CommitmentFilters) => useQuery(commitmentsQuery(filters));
