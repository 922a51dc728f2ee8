import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconFiles, IconPuzzle } from '@tabler/icons-react';
import { RowsSkeleton, SectionError } from '../../../components/section-states.tsx';
import { useMonthParts } from '../api/get-month-parts.ts';
import type { BillingFilesUpload, useUploadBillingFile } from '../api/upload-billing-file.ts';

/**
 * The months an upload integration holds in parts, each with what is missing when its manifest names
 * the parts ("October 2026: parts 1, 2 of 3 — part 3 missing"). A month uploaded as one file is not listed.
 */
export function UploadedMonthParts({ integrationId, runState }: { integrationId: string; runState: string }) {
  const months = useMonthParts(integrationId, runState);
  if (months.isPending) return <RowsSkeleton rows={1} label="the months in parts" />;
  if (months.isError)
    return <SectionError what="the months in parts" error={months.error} onRetry={() => months.refetch()} />;
  const inParts = months.data.filter((month) => month.parts.length > 1 || month.expected);
  if (inParts.length === 0) return null;
  return (
    <Stack gap={4} data-testid="month-parts">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Months in parts
      </Text>
      <List size="sm" spacing={4} icon={<IconFiles size={14} />}>
        {inParts.map((month) => (
          <List.Item key={month.billing_period}>
            <Text size="sm" c={month.missing.length > 0 ? 'orange.8' : undefined}>
              {month.summary}
            </Text>
            <Text size="xs" c="dimmed">
              {month.missing.length > 0
                ? `Missing: ${month.missing.join(', ')}. The month shows the parts uploaded so far.`
                : month.parts.join(', ')}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * Asked before anything is replaced: the file looks like another part of a month kept from an earlier
 * upload. Adding reads it with the kept parts; replacing reads it alone (and a smaller month is held).
 */
export function AddOrReplaceQuestion({
  upload,
  asked,
}: {
  upload: ReturnType<typeof useUploadBillingFile>;
  asked: BillingFilesUpload;
}) {
  const answer = (parts: 'add' | 'replace') => upload.mutate({ ...asked, parts });
  return (
    <Alert
      color="blue"
      icon={<IconPuzzle size={18} />}
      title="Add to the month, or replace it?"
      data-testid="add-or-replace"
    >
      <Stack gap="sm" align="flex-start">
        {/* The file's own name starts the sentence, as it is spelled. */}
        <Text size="sm">{upload.error?.message.replace(/^file: /, '')}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => answer('add')}>
            Add to the month
          </Button>
          <Button size="xs" variant="default" onClick={() => answer('replace')}>
            Replace the month
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
