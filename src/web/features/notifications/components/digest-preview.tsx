import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { rejectionMessage } from '../../../lib/api-client.ts';
import { useDigestPreview } from '../api/preview-digest.ts';

/** What the person's digest says now, within their team scope, without sending it (decision 113). */
export function DigestPreview({ period }: { period: 'daily' | 'weekly' }) {
  const [open, setOpen] = useState(false);
  const preview = useDigestPreview(period, open);
  return (
    <Stack gap="xs">
      <Button variant="light" w="fit-content" onClick={() => setOpen((shown) => !shown)}>
        {open ? 'Hide the preview' : `Preview my ${period} digest`}
      </Button>
      {open && (
        <Paper withBorder p="md" bg="gray.0" aria-label="Digest preview" role="region">
          {preview.isPending && <Skeleton height={120} aria-label="Loading your digest" />}
          {preview.isError && (
            <Alert color="red" icon={<IconAlertCircle size={16} />} title="Could not preview your digest">
              {rejectionMessage(preview.error)}
            </Alert>
          )}
          {preview.isSuccess && (
            <Stack gap={6}>
              <Text fw={600}>{preview.data.subject}</Text>
              {preview.data.lines.map((line, index) => (
                <Text
                  // Lines repeat (two findings may read alike): their order is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed, ordered text
                  key={index}
                  size="sm"
                  pl={line.startsWith('•') ? 'md' : 0}
                >
                  {line}
                </Text>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </Stack>
  );
}
