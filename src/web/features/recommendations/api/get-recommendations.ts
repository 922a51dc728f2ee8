import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  RecommendationKind,
  RecommendationListView,
} from '../../../../contracts/recommendation-list.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface RecommendationFilters {
  kind?: RecommendationKind;
  account?: string;
  region?: string;
  team?: string;
  tag?: string;
  includeDismissed?: boolean;
}

/** The same filters as the API's query string (the CSV export link uses them too). */
export function recommendationQuery(filters: RecommendationFilters): Record<string, string | undefined> {
  return {
    kind: filters.kind,
    account: filters.account,
    region: filters.region,
    team: filters.team,
    tag: filters.tag,
    include_dismissed: filters.includeDismissed ? 'true' : undefined,
  };
}

export const getRecommendations = (filters: RecommendationFilters, signal?: AbortSignal) =>
  apiRequest<RecommendationListView>('recommendations', { signal, query: recommendationQuery(filters) });

export const recommendationsQuery = (filters: RecommendationFilters) =>
  queryOptions({
    queryKey: queryKeys.recommendationList.list(filters),
    queryFn: ({ signal }) => getRecommendations(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useRecommendations = (filters: RecommendationFilters) => useQuery(recommendationsQuery(filters));
