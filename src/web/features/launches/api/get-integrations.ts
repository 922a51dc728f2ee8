import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The organization's integrations and their accounts, for the ledger's filters. */
export const getIntegrations = (signal?: AbortSignal) =>
  apiRequest<IntegrationView[]>('integrations', { signal });

export const integrationsQuery = () =>
  queryOptions({ queryKey: queryKeys.integrations.list, queryFn: ({ signal }) => getIntegrations(signal) });

export const useIntegrations = () => useQuery(integrationsQuery());
