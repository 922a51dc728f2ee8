import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refetchAfterWrite } from './refetch-after-write.ts';

/** A list read by a mounted screen whose first answer was read before a write and arrives after it. */
function listReadDuringAWrite() {
  const client = new QueryClient();
  const rows: string[] = [];
  let answerFirstRead: () => void = () => {};
  let reads = 0;
  const queryFn = () => {
    reads += 1;
    const seen = [...rows];
    if (reads > 1) return Promise.resolve(seen);
    return new Promise<string[]>((resolve) => {
      answerFirstRead = () => resolve(seen);
    });
  };
  const observer = new QueryObserver(client, { queryKey: ['deliveries'], queryFn });
  const unsubscribe = observer.subscribe(() => {});
  const settled = () =>
    new Promise<string[] | undefined>((resolve) => {
      const check = () => {
        const { data, fetchStatus } = observer.getCurrentResult();
        if (fetchStatus === 'idle' && data !== undefined) resolve(data);
        else setTimeout(check, 1);
      };
      check();
    });
  return { client, rows, answerFirstRead: () => answerFirstRead(), settled, unsubscribe };
}

describe('asking again after a write', () => {
  it('shows the written row even when the first read was already under way', async () => {
    const list = listReadDuringAWrite();
    list.rows.push('test delivery');
    const refreshing = refetchAfterWrite(list.client, ['deliveries']);
    list.answerFirstRead();
    await refreshing;
    expect(await list.settled()).toEqual(['test delivery']);
    list.unsubscribe();
  });

  it('is needed: invalidating alone keeps the first read, from before the write', async () => {
    const list = listReadDuringAWrite();
    list.rows.push('test delivery');
    const refreshing = list.client.invalidateQueries({ queryKey: ['deliveries'] });
    list.answerFirstRead();
    await refreshing;
    expect(await list.settled()).toEqual([]);
    list.unsubscribe();
  });
});
