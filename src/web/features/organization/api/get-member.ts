import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProfile } from '../../../../contracts/organizations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { retryUnlessMissing } from './retry-unless-missing.ts';

export const getMember = (slug: string) =>
  apiRequest<MemberProfile>(`organization-members/${encodeURIComponent(slug)}`);

export function useMember(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.organizationMember.bySlug(slug),
      queryFn: () => getMember(slug),
      retry: retryUnlessMissing,
    }),
  );
}
