import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getIntegrations = (signal?: AbortSignal) =>
  apiRequest<IntegrationView[]>('integrations', { signal });

/** True while a sync is queued or under way, or an ingest runs: the list then refreshes every two seconds. */
export const isBusy = (integration: IntegrationView) =>
  integration.state === 'syncing' ||
  (integration.state === 'pending' && integration.kind !== 'upload') ||
  integration.latest_run?.state === 'queued' ||
  integration.latest_run?.state === 'running';

export const integrationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.integrations.list,
    queryFn: ({ signal }) => getIntegrations(signal),
    refetchInterval: (query) => ((query.state.data ?? []).some(isBusy) ? 2_000 : 30_000),
  });

export const useIntegrations = () => useQuery(integrationsQuery());
