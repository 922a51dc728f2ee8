import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { rejectionMessage } from '../lib/api-client.ts';

/** The shape of a list while it loads. */
export function RowsSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={`Loading ${label}`}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={36} radius="sm" />
      ))}
    </Stack>
  );
}

/** A failed query, in words a person can act on, with a way to ask again when the screen offers one. */
export function SectionError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={`Could not load ${what}`}>
      <Stack gap="sm" align="flex-start">
        {rejectionMessage(error)}
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
