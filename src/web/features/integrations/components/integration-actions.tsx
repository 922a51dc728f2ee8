import { Button, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { IntegrationView } from '../../../../contracts/integrations.ts';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useDeleteIntegration } from '../api/delete-integration.ts';
import { isBusy } from '../api/get-integrations.ts';
import { useSyncIntegration } from '../api/sync-integration.ts';
import { useRenameIntegration } from '../api/update-integration.ts';
import type { useUploadBillingFile } from '../api/upload-billing-file.ts';

/** Billing files, a zip of them, and the month's manifest (`…-Manifest.json`). */
const BILLING_FILES = '.csv,.gz,.parquet,.zip,.json,text/csv,application/gzip';

function RenameButton({ integration }: { integration: IntegrationView }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(integration.name);
  const rename = useRenameIntegration();
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpen(true)}>
        Rename
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Rename the integration">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ id: integration.id, name }, { onSuccess: () => setOpen(false) });
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              required
              maxLength={80}
              error={rename.isError ? rejectionMessage(rename.error) : undefined}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={rename.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function DisconnectButton({ integration }: { integration: IntegrationView }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteIntegration();
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="xs"
        leftSection={<IconTrash size={14} />}
        onClick={() => setOpen(true)}
      >
        Disconnect
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Disconnect ${integration.name}?`}>
        <Stack>
          <Text size="sm">
            Spendguard stops reading this source and deletes its cost data, sync history and EC2 inventory.
            Budgets and alerts that use it will see no costs from it. This cannot be undone.
          </Text>
          {remove.isError && (
            <Text c="red" size="sm">
              {rejectionMessage(remove.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(integration.id)}>
              Disconnect and delete data
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export function IntegrationActions({
  integration,
  upload,
}: {
  integration: IntegrationView;
  upload: ReturnType<typeof useUploadBillingFile>;
}) {
  const sync = useSyncIntegration();
  return (
    <Group gap="xs" justify="flex-end">
      {integration.kind !== 'upload' && (
        <Button
          size="xs"
          leftSection={<IconRefresh size={14} />}
          loading={sync.isPending}
          disabled={isBusy(integration)}
          onClick={() => sync.mutate(integration.id)}
        >
          Sync now
        </Button>
      )}
      <FileButton
        accept={BILLING_FILES}
        multiple
        onChange={(files) => files.length > 0 && upload.mutate({ integrationId: integration.id, files })}
      >
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="light"
            leftSection={<IconUpload size={14} />}
            loading={upload.isPending}
          >
            Upload a file
          </Button>
        )}
      </FileButton>
      <RenameButton integration={integration} />
      <DisconnectButton integration={integration} />
    </Group>
  );
}
