import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ec2FindingDetailView } from '../../../../contracts/recommendations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { EC2_FINDINGS_KEY } from './get-ec2-findings.ts';

export const getEc2Finding = (id: string, signal?: AbortSignal) =>
  apiRequest<Ec2FindingDetailView>(`recommendations/ec2/${encodeURIComponent(id)}`, { signal });

export const ec2FindingQuery = (id: string) =>
  queryOptions({
    queryKey: [...EC2_FINDINGS_KEY, 'detail', id],
    queryFn: ({ signal }) => getEc2Finding(id, signal),
  });

export const useEc2Finding = (id: string | null) =>
  useQuery({ ...ec2FindingQuery(id ?? ''), enabled: id !== null });
