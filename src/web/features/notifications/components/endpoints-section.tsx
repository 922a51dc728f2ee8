import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints.ts';
import { EndpointCard } from './endpoint-card.tsx';
import { EndpointFormModal } from './endpoint-form-modal.tsx';
import { SecretOnceModal } from './secret-once-modal.tsx';

/** Notifications → Webhooks and Teams: signed webhooks and Teams channels that receive alerts (decision 058). */
export function EndpointsSection({ manages }: { manages: boolean }) {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ value: string; description: string; rotated: boolean } | null>(null);
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Webhooks and Microsoft Teams
          </Title>
          <Text size="sm" c="dimmed" maw={620}>
            Send alerts and the spend digest to your own tools as signed JSON, or to a Teams channel as a card
            with an acknowledge button. Deliveries retry on errors and are logged with the receiver's answer.
          </Text>
        </Stack>
        {manages && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add endpoint
          </Button>
        )}
      </Group>
      {endpoints.isPending && <Skeleton height={160} radius="md" aria-label="Loading endpoints" />}
      {endpoints.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load the endpoints">
          {rejectionMessage(endpoints.error)}
        </Alert>
      )}
      {endpoints.isSuccess && endpoints.data.length === 0 && (
        <EmptyState icon={<IconWebhook size={28} />} title="No webhooks or Teams channels yet">
          {manages
            ? 'Add an endpoint to send budget, anomaly, idle-instance and launch alerts to PagerDuty, an internal bot or a Teams channel.'
            : 'Owners and admins can send alerts to webhooks and Teams channels here.'}
        </EmptyState>
      )}
      {endpoints.isSuccess &&
        endpoints.data.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            manages={manages}
            onSecret={(value) => setSecret({ value, description: endpoint.description, rotated: true })}
          />
        ))}
      {adding && (
        <EndpointFormModal
          onClose={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            if (created.secret)
              setSecret({ value: created.secret, description: created.description, rotated: false });
          }}
        />
      )}
      {secret && (
        <SecretOnceModal
          secret={secret.value}
          description={secret.description}
          rotated={secret.rotated}
          onClose={() => setSecret(null)}
        />
      )}
    </Stack>
  );
}
