import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DigestPreview } from '../../../../contracts/alerts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

type DigestPeriod = DigestPreview['period'];

export const getDigestPreview = (period: DigestPeriod) =>
  apiRequest<DigestPreview>(`notification-preferences/digest-preview?period=${period}`);

/** The digest's lines as they would be mailed now; read only while the preview is open. */
export function useDigestPreview(period: DigestPeriod, open: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.digestPreview(period),
      queryFn: () => getDigestPreview(period),
      enabled: open,
      staleTime: 0,
    }),
  );
}
