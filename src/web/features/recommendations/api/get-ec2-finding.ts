import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ec2FindingDetailView } from '../../../../contracts/recommendations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getEc2Finding = (id: string, signal?: AbortSignal) =>
  apiRequest<Ec2FindingDetailView>(`recommendations/ec2/${encodeURIComponent(id)}`, { signal });

export const ec2FindingQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.ec2Findings.detail(id),
    queryFn: ({ signal }) => getEc2Finding(id, signal),
  });

export const useEc2Finding = (id: string | null) =>
  useQuery({ ...ec2FindingQuery(id ?? ''), enabled: id !== null });
