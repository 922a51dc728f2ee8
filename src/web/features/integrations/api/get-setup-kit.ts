import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupKitView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getSetupKit = (input: { externalId?: string; withExport: boolean }, signal?: AbortSignal) =>
  apiRequest<SetupKitView>('integrations/setup-kit', {
    signal,
    query: { external_id: input.externalId, with_export: input.withExport ? 'true' : 'false' },
  });

export const setupKitQuery = (input: { externalId?: string; withExport: boolean }) =>
  queryOptions({
    queryKey: queryKeys.integrations.setupKit(input),
    queryFn: ({ signal }) => getSetupKit(input, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSetupKit = (input: { externalId?: string; withExport: boolean }) =>
  useQuery(setupKitQuery(input));
