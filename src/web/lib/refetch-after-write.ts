import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Marks the queries under a key stale and asks the mounted ones again after a write, also when one is
 * still on its first fetch. On its own, `invalidateQueries` joins a first fetch already in flight instead of
 * starting another, so a list that was asked for at the same moment as the write could keep the answer
 * from before it (the delivery log opened by "Send test" showed "Nothing sent yet"). Cancelling first
 * drops that answer; the fetch that follows starts after the write.
 */
export async function refetchAfterWrite(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
