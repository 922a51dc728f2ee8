import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpointView } from '../../../../contracts/webhooks.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const listWebhookEndpoints = async () =>
  (await apiRequest<{ endpoints: WebhookEndpointView[] }>('webhooks')).endpoints;

export function useWebhookEndpoints() {
  return useQuery(queryOptions({ queryKey: queryKeys.webhookEndpoints.list, queryFn: listWebhookEndpoints }));
}
