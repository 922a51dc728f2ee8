import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconAlertCircle,
  IconBrandSlack,
  IconBrandTeams,
  IconCheck,
  IconMail,
  IconWebhook,
} from '@tabler/icons-react';
import type { NotificationView } from '../../../../contracts/alerts.ts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useNotifications } from '../api/list-notifications.ts';
import { formatWhen, kindLabel } from './alert-format.ts';

const DELIVERY_COLOR = { delivered: 'teal', pending: 'gray', sending: 'blue', failed: 'red' } as const;
const CHANNEL_ICON = {
  email: IconMail,
  slack: IconBrandSlack,
  webhook: IconWebhook,
  teams: IconBrandTeams,
} as const;

function ChannelIcon({ channel }: { channel: keyof typeof CHANNEL_ICON }) {
  const Icon = CHANNEL_ICON[channel];
  return <Icon size={14} aria-label={channel} />;
}

function Deliveries({ notification }: { notification: NotificationView }) {
  if (notification.deliveries.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Nobody to tell
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {notification.deliveries.map((delivery) => (
        <Tooltip
          key={`${delivery.channel}:${delivery.recipient}`}
          label={
            delivery.last_error
              ? `Attempt ${delivery.attempts}: ${delivery.last_error}`
              : delivery.delivered_at
                ? `Accepted ${formatWhen(delivery.delivered_at)}`
                : `${delivery.attempts} attempts`
          }
        >
          <Group gap={6} wrap="nowrap">
            <ChannelIcon channel={delivery.channel} />
            <Text size="xs" style={{ wordBreak: 'break-all' }}>
              {delivery.recipient.replace(/^slack:/, '')}
            </Text>
            <Badge size="xs" variant="light" color={DELIVERY_COLOR[delivery.state]} style={{ flexShrink: 0 }}>
              {delivery.state}
            </Badge>
          </Group>
        </Tooltip>
      ))}
    </Stack>
  );
}

function AlertSummary({ notification }: { notification: NotificationView }) {
  return (
    <>
      <Group gap="xs" mb={2}>
        <Badge size="sm" variant="outline">
          {kindLabel(notification.kind)}
        </Badge>
        <Text fw={600} size="sm">
          {notification.title}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" maw={520}>
        {notification.summary}
      </Text>
    </>
  );
}

function Acknowledgement({ notification }: { notification: NotificationView }) {
  if (!notification.acknowledged_at) {
    return (
      <Text size="xs" c="dimmed">
        Not yet
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <IconCheck size={14} color="var(--mantine-color-teal-6)" />
      <Text size="xs">
        {notification.acknowledged_by}
        <br />
        <Text span c="dimmed" size="xs">
          {formatWhen(notification.acknowledged_at)}
        </Text>
      </Text>
    </Group>
  );
}

const TOP = { verticalAlign: 'top' } as const;

const HISTORY_COLUMNS: DataColumn<NotificationView>[] = [
  {
    header: 'Fired',
    cellStyle: { ...TOP, whiteSpace: 'nowrap' },
    cell: (notification) => formatWhen(notification.fired_at),
  },
  { header: 'Alert', cellStyle: TOP, cell: (notification) => <AlertSummary notification={notification} /> },
  {
    header: 'Delivered to',
    cellStyle: TOP,
    cell: (notification) => <Deliveries notification={notification} />,
  },
  {
    header: 'Acknowledged',
    cellStyle: TOP,
    cell: (notification) => <Acknowledgement notification={notification} />,
  },
];

/** What fired, when, where it was delivered and who acknowledged it. */
export function NotificationHistory() {
  const history = useNotifications();
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      {history.isPending && <Skeleton height={120} aria-label="Loading the history" />}
      {history.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load the history">
          {rejectionMessage(history.error)}
        </Alert>
      )}
      {history.isSuccess && (
        <DataTable
          verticalSpacing="sm"
          fz="sm"
          data-testid="notification-history"
          phone={{ scroll: 720 }}
          rows={history.data}
          rowKey={(notification) => notification.id}
          empty="Nothing has fired yet. When a budget threshold, cost threshold, anomaly or idle instance alerts, it appears here with where it was delivered and who acknowledged it."
          columns={HISTORY_COLUMNS}
        />
      )}
    </Paper>
  );
}
