import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Answers a screen's queries already hold when it first renders: the test decides what the server said. */
export type CachedAnswers = ReadonlyArray<readonly [QueryKey, unknown]>;

/**
 * Renders a component as the app does, in Mantine and TanStack Query. Queries never refetch and never
 * retry, so a test sees exactly the answers it gave; Mantine's test mode turns off transitions and portals.
 */
export function renderScreen(ui: ReactElement, { answers = [] }: { answers?: CachedAnswers } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  for (const [key, data] of answers) queryClient.setQueryData(key, data);
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
