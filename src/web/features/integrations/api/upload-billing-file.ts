import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IngestionRunView } from '../../../../contracts/integrations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function uploadBillingFile({ integrationId, file }: { integrationId: string; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<IngestionRunView>(`integrations/${integrationId}/files`, { method: 'POST', body: form });
}

export function useUploadBillingFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBillingFile,
    onSuccess: async (_run, { file }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all });
      notifications.show({ color: 'teal', message: `${file.name} is uploaded; reading it now.` });
    },
    // A refusal is shown where the person uploaded (the integration card), not in a passing toast.
  });
}
