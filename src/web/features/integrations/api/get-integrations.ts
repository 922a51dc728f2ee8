import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const INTEGRATIONS_KEY = ['integrations'] as const;

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
    queryKey: INTEGRATIONS_KEY,
    queryFn: ({ signal }) => getIntegrations(signal),
    refetchInterval: (query) => ((query.state.data ?? []).some(isBusy) ? 2_000 : 30_000),
  });

export const useIntegrations = () => useQuery(integrationsQuery());
