import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * For long CPU work on the request thread (an evaluation of hundreds of rules whose spend reads are
 * memoized, so its awaits never wait for I/O): call the returned function between pieces of work; once
 * `sliceMs` have passed since the last turn it waits for the event loop to run pending I/O, so requests
 * arriving meanwhile are answered between two rules instead of after all of them (decision 054).
 */
export function eventLoopTurns(sliceMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
