import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '../../../../contracts/alerts.ts';
import type { CreatedWebhookEndpoint, WebhookEndpointView } from '../../../../contracts/webhooks.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface NewWebhookEndpoint {
  kind: 'webhook' | 'teams';
  url: string;
  description: string;
  alert_kinds: NotificationKind[];
  digest: 'off' | 'daily' | 'weekly';
}

export interface WebhookEndpointChange {
  url?: string;
  description?: string;
  alert_kinds?: NotificationKind[];
  digest?: 'off' | 'daily' | 'weekly';
  paused?: false;
}

export const createWebhookEndpoint = (input: NewWebhookEndpoint) =>
  apiRequest<CreatedWebhookEndpoint>('webhooks', { method: 'POST', body: input });
export const updateWebhookEndpoint = ({ id, ...change }: WebhookEndpointChange & { id: string }) =>
  apiRequest<WebhookEndpointView>(`webhooks/${id}`, { method: 'PATCH', body: change });
export const deleteWebhookEndpoint = (id: string) => apiRequest<void>(`webhooks/${id}`, { method: 'DELETE' });
export const rotateWebhookSecret = (id: string) =>
  apiRequest<{ secret: string; secret_hint: string; previous_secret_valid_until: string }>(
    `webhooks/${id}/secret`,
    { method: 'POST' },
  );

/** Every change to an endpoint refreshes the list (and with it the paused and failing states). */
function useEndpointMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhookEndpoints.list }),
  });
}

export const useCreateWebhookEndpoint = () => useEndpointMutation(createWebhookEndpoint);
export const useUpdateWebhookEndpoint = () => useEndpointMutation(updateWebhookEndpoint);
export const useDeleteWebhookEndpoint = () => useEndpointMutation(deleteWebhookEndpoint);
export const useRotateWebhookSecret = () => useEndpointMutation(rotateWebhookSecret);
