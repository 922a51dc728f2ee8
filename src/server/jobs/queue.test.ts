import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { createJobQueue, defineJob, type JobServices, sendJob, workJob } from './job-definition.ts';
import { type Queue, startQueue, stopQueue } from './queue.ts';

let database: Database | undefined;
let queue: Queue | undefined;
afterEach(async () => {
  if (queue) await stopQueue(queue, 1_000);
  await database?.close();
});

/** Resolves once the event loop has gone round a few times: long enough for a rejection to be reported. */
async function afterAFewTurns() {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('stopping the queue', () => {
  it('a job that outlives the stop’s timeout finishes after the database closed without an unhandled rejection', async () => {
    database = await openTestDatabase();
    queue = await startQueue(database, () => {});
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slowJob = defineJob({
      queue: 'test-slow',
      payload: z.object({}),
      pollingIntervalSeconds: 0.5,
      async handle() {
        started();
        await finished;
      },
    });
    await createJobQueue(queue, slowJob);
    await workJob(slowJob, { queue, services: {} as JobServices, config: parseConfig({}) });
    await sendJob(queue, slowJob, {});
    await running;

    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listen);
    try {
      // The stop gives up waiting after its timeout (1 s at least, pg-boss's floor), then the database closes.
      await stopQueue(queue, 1_000);
      await database.close();
      database = undefined;
      // The handler ends now: pg-boss completes the job without awaiting it.
      finish();
      await afterAFewTurns();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});
