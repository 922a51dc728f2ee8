import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IngestionRunView, MonthPartsView } from '../../../../contracts/integrations.ts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface BillingFilesUpload {
  integrationId: string;
  files: File[];
  /** The person's answer when the files are parts of a month kept from an earlier upload. */
  parts?: 'add' | 'replace';
}

/** One file, or a month's parts together (a manifest among them or alone): files of one billing period make the month. */
export function uploadBillingFile({ integrationId, files, parts }: BillingFilesUpload) {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  return apiRequest<IngestionRunView | { months: MonthPartsView[] }>(`integrations/${integrationId}/files`, {
    method: 'POST',
    body: form,
    query: { parts },
  });
}

/** The server asks whether a part adds to the month it kept or replaces it (answered 409 PartOfKeptMonth). */
export const asksAddOrReplace = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.code === 'PartOfKeptMonth';

function describeUpload(files: File[], answer: IngestionRunView | { months: MonthPartsView[] }): string {
  if ('months' in answer)
    return `The manifest is kept. ${answer.months.map((month) => month.summary).join('. ')}.`;
  return files.length === 1
    ? `${files[0]?.name} is uploaded; reading it now.`
    : `${files.length} files are uploaded; reading them together now.`;
}

export function useUploadBillingFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBillingFile,
    onSuccess: async (answer, { files }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.integrations.all });
      notifications.show({ color: 'teal', message: describeUpload(files, answer) });
    },
    // A refusal or the add-or-replace question is shown where the person uploaded (the integration card).
  });
}
