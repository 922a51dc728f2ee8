import { Center, Loader } from '@mantine/core';

/** Shown while a page loads or the session resolves. */
export function FullScreenSpinner() {
  return (
    <Center h="100vh" w="100%" data-testid="full-screen-spinner" aria-busy="true" aria-label="Loading">
      <Loader size="lg" />
    </Center>
  );
}
