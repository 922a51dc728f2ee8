import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The organization's integrations, for the dashboard's integration picker. */
export const getIntegrations = (signal?: AbortSignal) =>
  apiRequest<IntegrationView[]>('integrations', { signal });

export const integrationsQuery = () =>
  queryOptions({ queryKey: ['integrations', 'list'], queryFn: ({ signal }) => getIntegrations(signal) });

export const useIntegrations = () => useQuery(integrationsQuery());
