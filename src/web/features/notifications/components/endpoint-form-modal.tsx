import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBrandTeams, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../../contracts/alerts.ts';
import type { CreatedWebhookEndpoint, WebhookEndpointView } from '../../../../contracts/webhooks.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import {
  type NewWebhookEndpoint,
  useCreateWebhookEndpoint,
  useUpdateWebhookEndpoint,
} from '../api/save-webhook-endpoint.ts';
import { AlertKindsInput } from './alert-kinds-input.tsx';
import { DigestSelect } from './digest-select.tsx';

const URL_HELP = {
  webhook:
    'An https:// address on the public internet. Each request is signed with a secret shown after saving.',
  teams:
    'In Teams, add the Workflows template "Post to a channel when a webhook request is received" and paste its URL.',
} as const;

/**
 * Adds a signed webhook or a Microsoft Teams endpoint (a webhook's secret is shown next, once), or
 * changes one: its name, alerts and digest, and its URL when a new one is entered.
 */
export function EndpointFormModal({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint?: WebhookEndpointView;
  onClose: () => void;
  onCreated?: (endpoint: CreatedWebhookEndpoint) => void;
}) {
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const save = endpoint ? update : create;
  const [kind, setKind] = useState<NewWebhookEndpoint['kind']>(endpoint?.kind ?? 'webhook');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [kinds, setKinds] = useState<NotificationKind[]>(endpoint?.alert_kinds ?? [...NOTIFICATION_KINDS]);
  const [digest, setDigest] = useState<NewWebhookEndpoint['digest']>(endpoint?.digest ?? 'off');
  const message = save.isError ? rejectionMessage(save.error) : null;
  const fieldError = (field: string) =>
    message?.startsWith(`${field}: `) ? message.slice(field.length + 2) : null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={endpoint ? `Edit "${endpoint.description}"` : 'Add an endpoint'}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const fields = { description: description.trim(), alert_kinds: kinds, digest };
          if (endpoint) {
            update.mutate(
              { id: endpoint.id, ...fields, ...(url.trim() ? { url: url.trim() } : {}) },
              { onSuccess: onClose },
            );
          } else create.mutate({ kind, url: url.trim(), ...fields }, { onSuccess: onCreated });
        }}
      >
        <Stack gap="md">
          <SegmentedControl
            disabled={Boolean(endpoint)}
            fullWidth
            value={kind}
            onChange={(value) => setKind(value as NewWebhookEndpoint['kind'])}
            data={[
              {
                value: 'webhook',
                label: (
                  <Group gap={6} justify="center" wrap="nowrap">
                    <IconWebhook size={16} /> Signed webhook
                  </Group>
                ),
              },
              {
                value: 'teams',
                label: (
                  <Group gap={6} justify="center" wrap="nowrap">
                    <IconBrandTeams size={16} /> Microsoft Teams
                  </Group>
                ),
              },
            ]}
          />
          <TextInput
            label="Name"
            placeholder={kind === 'teams' ? 'FinOps channel' : 'On-call relay'}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={fieldError('description')}
            required
          />
          <TextInput
            label={kind === 'teams' ? 'Workflows webhook URL' : 'Endpoint URL'}
            description={endpoint ? `Now ${endpoint.url_hint}. Leave it empty to keep it.` : URL_HELP[kind]}
            placeholder={
              kind === 'teams'
                ? 'https://prod-00.westeurope.logic.azure.com/workflows/…'
                : 'https://hooks.example.com/spendguard'
            }
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={fieldError('url')}
            required={!endpoint}
          />
          <AlertKindsInput label="Alerts sent here" value={kinds} onChange={setKinds} />
          <DigestSelect value={digest} onChange={setDigest} />
          {message && !fieldError('url') && !fieldError('description') && (
            <Alert color="red" icon={<IconAlertCircle size={16} />}>
              {message}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            Deliveries are retried for about a minute on errors and timeouts; an endpoint failing for 3 days
            is paused and owners are mailed.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {endpoint ? 'Save' : 'Add endpoint'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
