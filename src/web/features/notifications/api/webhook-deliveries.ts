import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDeliveryView } from '../../../../contracts/webhooks.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refetchAfterWrite } from '../../../lib/refetch-after-write.ts';

type Queued = { delivery_id: string; message: string };

export const listWebhookDeliveries = async (endpointId: string) =>
  (await apiRequest<{ deliveries: WebhookDeliveryView[] }>(`webhooks/${endpointId}/deliveries`)).deliveries;
export const sendWebhookTest = (endpointId: string) =>
  apiRequest<Queued>(`webhooks/${endpointId}/test`, { method: 'POST' });
export const redeliverWebhookDelivery = (input: { endpointId: string; deliveryId: string }) =>
  apiRequest<Queued>(`webhooks/${input.endpointId}/deliveries/${input.deliveryId}/redeliver`, {
    method: 'POST',
  });

const inFlight = (deliveries: WebhookDeliveryView[] | undefined) =>
  deliveries?.some((delivery) => delivery.state === 'pending' || delivery.state === 'sending') ?? false;

/** The delivery log; while a delivery is on its way (retries included) it is asked again every 2 s. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.webhookEndpoints.deliveries(endpointId),
      queryFn: () => listWebhookDeliveries(endpointId),
      refetchInterval: (query) => (inFlight(query.state.data) ? 2000 : false),
    }),
  );
}

function useDeliveryMutation<Input>(
  endpointIdOf: (input: Input) => string,
  mutationFn: (input: Input) => Promise<Queued>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // "Send test" opens the log, whose first read can be under way while the delivery is written.
    onSuccess: (_queued, input) =>
      refetchAfterWrite(queryClient, queryKeys.webhookEndpoints.deliveries(endpointIdOf(input))),
  });
}

export const useSendWebhookTest = () =>
  useDeliveryMutation((endpointId: string) => endpointId, sendWebhookTest);
export const useRedeliverWebhookDelivery = () =>
  useDeliveryMutation((input: { endpointId: string }) => input.endpointId, redeliverWebhookDelivery);
