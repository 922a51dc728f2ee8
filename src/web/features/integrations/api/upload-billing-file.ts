import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IngestionRunView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One file, or a month's parts together: files of one billing period make the month. */
export function uploadBillingFile({ integrationId, files }: { integrationId: string; files: File[] }) {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  return apiRequest<IngestionRunView>(`integrations/${integrationId}/files`, { method: 'POST', body: form });
}

export function useUploadBillingFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBillingFile,
    onSuccess: async (_run, { files }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all });
      const message =
        files.length === 1
          ? `${files[0]?.name} is uploaded; reading it now.`
          : `${files.length} files are uploaded; reading them together now.`;
      notifications.show({ color: 'teal', message });
    },
    // A refusal is shown where the person uploaded (the integration card), not in a passing toast.
  });
}
