import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useCreateIntegration } from '../api/create-integration.ts';
import { deleteIntegration } from '../api/delete-integration.ts';
import { useUploadBillingFile } from '../api/upload-billing-file.ts';
import { uploadRefusalMessage } from '../upload-refusal.ts';

/** Uploads a billing file into a new "Uploaded files" integration (its own source of costs). */
export function UploadIntegrationButton() {
  const queryClient = useQueryClient();
  const create = useCreateIntegration();
  const upload = useUploadBillingFile();
  const onFile = async (file: File | null) => {
    if (!file) return;
    try {
      const integration = await create.mutateAsync({
        kind: 'upload',
        name: file.name.replace(/\.[^.]+(\.gz)?$/, ''),
      });
      upload.mutate(
        { integrationId: integration.id, files: [file] },
        {
          onError: async (error) => {
            // A refused file (4xx) made no run: the integration made for it would sit there empty. It goes
            // before the toast says why, so the page the person reads it on no longer shows it.
            if (error instanceof ApiRequestError && error.status < 500) {
              await deleteIntegration(integration.id).catch(() => {});
              await queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all });
            }
            notifications.show({
              color: 'red',
              title: 'Upload refused',
              message: uploadRefusalMessage(error),
            });
          },
        },
      );
    } catch (error) {
      notifications.show({ color: 'red', title: 'Upload refused', message: (error as Error).message });
    }
  };
  return (
    <FileButton accept=".csv,.gz,.parquet,.zip" onChange={onFile}>
      {(props) => (
        <Button
          {...props}
          variant="default"
          leftSection={<IconUpload size={16} />}
          loading={create.isPending || upload.isPending}
        >
          Upload a billing file
        </Button>
      )}
    </FileButton>
  );
}
