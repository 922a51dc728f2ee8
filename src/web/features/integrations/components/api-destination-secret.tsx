import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { LaunchEventsSecretView } from '../../../../contracts/launch-events.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useCreateLaunchEventsSecret } from '../api/create-launch-events-secret.ts';
import { useDeleteLaunchEventsSecret } from '../api/delete-launch-events-secret.ts';

function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code
          block
          style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          data-testid={testId}
        >
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="light" leftSection={<IconCopy size={12} />} onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function SecretShownOnce({ secret, onClose }: { secret: LaunchEventsSecretView; onClose: () => void }) {
  return (
    <Stack>
      <Alert color="orange" variant="light">
        Copy the secret now: it is shown this once. Creating a new one replaces it.
      </Alert>
      <CopyLine label="Endpoint (POST)" value={secret.endpoint} testId="api-destination-endpoint" />
      <CopyLine label="Header" value={secret.header} testId="api-destination-header" />
      <CopyLine label="Secret" value={secret.secret} testId="api-destination-secret" />
      <Text size="sm">
        In EventBridge, create a connection with API key authorization (this header and the secret), an API
        destination to the endpoint, and add it as a target of the stack's two launch-event rules. The
        endpoint must be reachable from AWS over HTTPS; the queue keeps working beside it.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>I copied it</Button>
      </Group>
    </Stack>
  );
}

/**
 * The optional API destination (decision 046): a per-integration secret for EventBridge to POST launch
 * events to this server directly. Creating one again rotates it; removing it refuses the old one at once.
 */
export function ApiDestinationSecret({ integrationId, exists }: { integrationId: string; exists: boolean }) {
  const create = useCreateLaunchEventsSecret();
  const remove = useDeleteLaunchEventsSecret();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const failure = create.error ?? remove.error;
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconKey size={14} />}
          loading={create.isPending}
          onClick={() => create.mutate(integrationId)}
        >
          {exists ? 'Rotate the API destination secret' : 'Create an API destination secret'}
        </Button>
        {exists && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => setConfirmRemove(true)}
          >
            Remove the secret
          </Button>
        )}
      </Group>
      {failure && (
        <Text size="sm" c="red" role="alert">
          {rejectionMessage(failure)}
        </Text>
      )}
      <Modal
        opened={Boolean(create.data)}
        onClose={() => create.reset()}
        title="API destination secret"
        size="lg"
      >
        {create.data && <SecretShownOnce secret={create.data} onClose={() => create.reset()} />}
      </Modal>
      <Modal
        opened={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        title="Remove the API destination secret?"
      >
        <Stack>
          <Text size="sm">
            Events POSTed with it are refused from now on. The queue in your account keeps delivering launch
            events as before.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRemove(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(integrationId, { onSuccess: () => setConfirmRemove(false) })}
            >
              Remove the secret
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
