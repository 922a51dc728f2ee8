import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { WebhookDeliveryView } from '../../../../contracts/webhooks.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useRedeliverWebhookDelivery, useWebhookDeliveries } from '../api/webhook-deliveries.ts';
import { formatWhen } from './alert-format.ts';

const STATE_COLOR = { delivered: 'teal', pending: 'gray', sending: 'blue', failed: 'red' } as const;
const EVENT_LABEL = {
  'alert.fired': 'Alert',
  'digest.daily': 'Daily digest',
  'digest.weekly': 'Weekly digest',
  test: 'Test',
} as const;

type Attempt = WebhookDeliveryView['attempts'][number];
const answerOf = (attempt: Attempt) =>
  attempt.status_code === null ? 'no answer' : String(attempt.status_code);
const durationOf = (attempt: Attempt) =>
  attempt.duration_ms === null
    ? ''
    : attempt.duration_ms < 1000
      ? `${attempt.duration_ms} ms`
      : `${(attempt.duration_ms / 1000).toFixed(1)} s`;

/** Each attempt's answer code and duration, oldest first, then why the last one failed. */
function Answers({ delivery }: { delivery: WebhookDeliveryView }) {
  const last = delivery.attempts.at(-1);
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="wrap">
        {delivery.attempts.map((attempt) => (
          <Badge
            key={`${attempt.started_at}-${attempt.attempt}`}
            size="sm"
            variant="outline"
            tt="none"
            color={attempt.outcome === 'delivered' ? 'teal' : attempt.outcome === 'failed' ? 'red' : 'gray'}
            title={`${formatWhen(attempt.started_at)}${attempt.error ? `: ${attempt.error}` : ''}`}
          >
            {answerOf(attempt)}
            {durationOf(attempt) && ` · ${durationOf(attempt)}`}
          </Badge>
        ))}
        {delivery.attempts.length === 0 && (
          <Text size="xs" c="dimmed">
            Waiting for a worker
          </Text>
        )}
      </Group>
      {delivery.state !== 'delivered' && last?.error && (
        <Text size="xs" c="red.8" style={{ wordBreak: 'break-word' }}>
          {last.error}
        </Text>
      )}
    </Stack>
  );
}

/** An endpoint's newest deliveries with every attempt; owners and admins can send one again. */
export function DeliveryLog({ endpointId, manages }: { endpointId: string; manages: boolean }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhookDelivery();
  const columns: Array<DataColumn<WebhookDeliveryView> | false> = [
    {
      header: 'Sent',
      cellStyle: { verticalAlign: 'top', whiteSpace: 'nowrap' },
      cell: (delivery) => <Text size="sm">{formatWhen(delivery.created_at)}</Text>,
    },
    {
      header: 'Event',
      cellStyle: { verticalAlign: 'top' },
      cell: (delivery) => (
        <Stack gap={2}>
          <Badge size="sm" variant="light" color="gray">
            {EVENT_LABEL[delivery.event_type]}
          </Badge>
          <Text size="xs" lineClamp={2} maw={320}>
            {delivery.title}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Status',
      cellStyle: { verticalAlign: 'top' },
      cell: (delivery) => (
        <Badge color={STATE_COLOR[delivery.state]} variant="light" data-testid="delivery-state">
          {delivery.state}
        </Badge>
      ),
    },
    {
      header: 'Answers',
      cellStyle: { verticalAlign: 'top' },
      cell: (delivery) => <Answers delivery={delivery} />,
    },
    manages && {
      header: null,
      label: 'Redeliver',
      align: 'right',
      cellStyle: { verticalAlign: 'top' },
      cell: (delivery) =>
        delivery.state === 'delivered' || delivery.state === 'failed' ? (
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconRefresh size={12} />}
            loading={redeliver.isPending && redeliver.variables?.deliveryId === delivery.id}
            onClick={() => redeliver.mutate({ endpointId, deliveryId: delivery.id })}
          >
            Redeliver
          </Button>
        ) : null,
    },
  ];
  if (deliveries.isPending) return <Skeleton height={120} aria-label="Loading the delivery log" />;
  if (deliveries.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={16} />} title="Could not load the delivery log">
        {rejectionMessage(deliveries.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {redeliver.isError && (
        <Alert color="red" icon={<IconAlertCircle size={16} />}>
          {rejectionMessage(redeliver.error)}
        </Alert>
      )}
      <DataTable
        columns={columns}
        rows={deliveries.data}
        rowKey={(delivery) => delivery.id}
        empty="Nothing sent yet. Send a test to see how the receiver answers."
        phone="stack"
        verticalSpacing="xs"
        data-testid="delivery-log"
      />
    </Stack>
  );
}
