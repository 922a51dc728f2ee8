import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Ec2FindingKind,
  Ec2FindingListView,
  Ec2SortField,
} from '../../../../contracts/recommendations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface Ec2FindingFilters {
  finding?: Ec2FindingKind;
  account?: string;
  region?: string;
  search?: string;
  includeDismissed?: boolean;
  sort: Ec2SortField;
  order?: 'asc' | 'desc';
}

export const getEc2Findings = (filters: Ec2FindingFilters, signal?: AbortSignal) =>
  apiRequest<Ec2FindingListView>('recommendations/ec2', {
    signal,
    query: {
      finding: filters.finding,
      account: filters.account,
      region: filters.region,
      search: filters.search || undefined,
      include_dismissed: filters.includeDismissed ? 'true' : undefined,
      sort: filters.sort,
      order: filters.order,
    },
  });

export const ec2FindingsQuery = (filters: Ec2FindingFilters) =>
  queryOptions({
    queryKey: queryKeys.ec2Findings.list(filters),
    queryFn: ({ signal }) => getEc2Findings(filters, signal),
    // A new filter keeps the table on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export const useEc2Findings = (filters: Ec2FindingFilters) => useQuery(ec2FindingsQuery(filters));
