import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { readSessionToken } from '../lib/session-token.ts';

/**
 * The session load failed (the server answered, but not with who you are). This is not being
 * signed out: the token stays, and trying again picks the session up when the server is back.
 */
export function SessionLoadError({ message, onRetry }: { message: string; onRetry(): Promise<void> }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <Center mih="100vh" p="md">
      <Stack maw={460} w="100%">
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Your session could not be loaded">
          <Stack gap="xs">
            <Text size="sm">{message}</Text>
            <Text size="sm">
              {readSessionToken()
                ? 'You are still signed in. Try again in a moment.'
                : 'Try again in a moment.'}
            </Text>
          </Stack>
        </Alert>
        <Button
          loading={retrying}
          onClick={() => {
            setRetrying(true);
            void onRetry().finally(() => setRetrying(false));
          }}
        >
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
