import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportClientError } from '../lib/client-errors.ts';
import { clientErrorKind } from './client-error-kind.ts';

/** What a person sees when a page cannot load or crashes: what happened and one way forward. */
export function RouteError() {
  const error = useRouteError();
  const kind = clientErrorKind(error);
  const isChunkError = kind !== 'render';
  const message = error instanceof Error ? error.message : 'Unexpected error';

  // The one report of this failure; Vite's preload event is not reported besides it.
  useEffect(() => {
    reportClientError(kind, message);
  }, [kind, message]);

  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2}>{isChunkError ? 'This page could not be loaded' : 'Something went wrong'}</Title>
        <Text c="dimmed" ta="center">
          {isChunkError
            ? 'Your connection may have dropped, or Spendguard was updated while this tab was open.'
            : message}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
