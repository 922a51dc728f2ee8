import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconBrandTeams,
  IconChevronDown,
  IconChevronUp,
  IconCircleCheck,
  IconDots,
  IconPlayerPlay,
  IconSend,
  IconWebhook,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { WebhookEndpointView } from '../../../../contracts/webhooks.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
} from '../api/save-webhook-endpoint.ts';
import { useSendWebhookTest } from '../api/webhook-deliveries.ts';
import { formatWhen, kindLabel } from './alert-format.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointFormModal } from './endpoint-form-modal.tsx';

const DIGEST_LABEL = { off: 'No digest', daily: 'Daily digest', weekly: 'Weekly digest' } as const;

function StateBadge({ endpoint }: { endpoint: WebhookEndpointView }) {
  if (endpoint.paused_at)
    return (
      <Badge color="red" variant="filled">
        Paused
      </Badge>
    );
  if (endpoint.failing_since)
    return (
      <Badge color="orange" variant="light">
        Failing
      </Badge>
    );
  return (
    <Badge color="teal" variant="light">
      Active
    </Badge>
  );
}

/** One endpoint: where it posts, what it receives, its state, its actions and its delivery log. */
export function EndpointCard({
  endpoint,
  manages,
  onSecret,
}: {
  endpoint: WebhookEndpointView;
  manages: boolean;
  onSecret: (secret: string) => void;
}) {
  const [logOpen, setLogOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const test = useSendWebhookTest();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const failure = [test, update, remove, rotate].find((mutation) => mutation.isError)?.error;
  const Icon = endpoint.kind === 'teams' ? IconBrandTeams : IconWebhook;
  return (
    <Paper withBorder p="lg" data-testid="endpoint-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
            <Icon size={22} style={{ flexShrink: 0, marginTop: 2 }} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Title order={3} size="h5">
                  {endpoint.description}
                </Title>
                <StateBadge endpoint={endpoint} />
              </Group>
              <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {endpoint.kind === 'teams' ? 'Microsoft Teams' : 'Signed webhook'} · {endpoint.url_hint}
              </Text>
            </Stack>
          </Group>
          {manages && (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${endpoint.description}`}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setEditing(true)}>Edit</Menu.Item>
                {endpoint.kind === 'webhook' && (
                  <Menu.Item
                    onClick={() =>
                      rotate.mutate(endpoint.id, { onSuccess: (rotated) => onSecret(rotated.secret) })
                    }
                  >
                    Rotate secret
                  </Menu.Item>
                )}
                <Menu.Item color="red" onClick={() => remove.mutate(endpoint.id)}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Group gap={6}>
          {endpoint.alert_kinds.map((kind) => (
            <Badge key={kind} size="sm" variant="outline" color="gray">
              {kindLabel(kind)}
            </Badge>
          ))}
          {endpoint.alert_kinds.length === 0 && (
            <Text size="xs" c="dimmed">
              No alerts
            </Text>
          )}
          <Badge size="sm" variant="outline" color="blue">
            {DIGEST_LABEL[endpoint.digest]}
          </Badge>
          {endpoint.secret_hint && (
            <Text size="xs" c="dimmed" ff="monospace">
              {endpoint.secret_hint}
            </Text>
          )}
        </Group>
        {endpoint.paused_at && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={16} />}
            title={`Paused ${formatWhen(endpoint.paused_at)}`}
          >
            Every delivery failed for 3 days
            {endpoint.failing_since ? ` (since ${formatWhen(endpoint.failing_since)})` : ''}. Nothing is sent
            until it is resumed; then redeliver what it missed from the log.
          </Alert>
        )}
        {!endpoint.paused_at && endpoint.failing_since && (
          <Text size="sm" c="orange.8">
            Failing since {formatWhen(endpoint.failing_since)}; paused after 3 days without a success.
          </Text>
        )}
        {test.isSuccess && (
          <Alert color="teal" icon={<IconCircleCheck size={16} />}>
            {test.data.message} Its answer appears in the delivery log.
          </Alert>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={16} />}>
            {rejectionMessage(failure)}
          </Alert>
        )}
        <Group gap="xs">
          {manages && endpoint.paused_at && (
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} />}
              loading={update.isPending}
              onClick={() => update.mutate({ id: endpoint.id, paused: false })}
            >
              Resume
            </Button>
          )}
          {manages && !endpoint.paused_at && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSend size={14} />}
              loading={test.isPending}
              onClick={() => {
                test.mutate(endpoint.id);
                setLogOpen(true);
              }}
            >
              Send test
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            rightSection={logOpen ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            onClick={() => setLogOpen((open) => !open)}
            aria-expanded={logOpen}
          >
            Delivery log
          </Button>
        </Group>
        <Collapse expanded={logOpen}>
          {logOpen && <DeliveryLog endpointId={endpoint.id} manages={manages} />}
        </Collapse>
        {editing && <EndpointFormModal endpoint={endpoint} onClose={() => setEditing(false)} />}
      </Stack>
    </Paper>
  );
}
