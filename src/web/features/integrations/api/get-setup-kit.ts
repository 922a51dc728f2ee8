import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupKitView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const getSetupKit = (input: { externalId?: string; withExport: boolean }, signal?: AbortSignal) =>
  apiRequest<SetupKitView>('integrations/setup-kit', {
    signal,
    query: { external_id: input.externalId, with_export: input.withExport ? 'true' : 'false' },
  });

export const setupKitQuery = (input: { externalId?: string; withExport: boolean }) =>
  queryOptions({
    queryKey: ['integrations', 'setup-kit', input],
    queryFn: ({ signal }) => getSetupKit(input, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSetupKit = (input: { externalId?: string; withExport: boolean }) =>
  useQuery(setupKitQuery(input));
