import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import {
  createJobQueue,
  defineJob,
  type JobServices,
  MalformedJobPayload,
  sendJob,
  workJob,
} from './job-definition.ts';
import { stopWakingLocalWorkers } from './local-workers.ts';
import { type Queue, startQueue, stopQueue } from './queue.ts';

let database: Database;
let queue: Queue;
const handled: string[] = [];

const greetJob = defineJob({
  queue: 'test-greet',
  payload: z.object({ name: z.string().min(1) }),
  pollingIntervalSeconds: 0.5,
  async handle(payload) {
    handled.push(payload.name);
  },
});

beforeAll(async () => {
  database = await openTestDatabase();
  queue = await startQueue(database, () => {});
  await createJobQueue(queue, greetJob);
  await workJob(greetJob, { queue, services: {} as JobServices, config: parseConfig({}) });
}, 120_000);
afterAll(async () => {
  await stopQueue(queue, 5_000);
  await database.close();
});

async function settled(id: string, queueName = greetJob.queue) {
  for (;;) {
    const job = await queue.getJobById(queueName, id);
    if (job && ['completed', 'failed'].includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a job payload is parsed on both sides', () => {
  it('a sender with a malformed payload is refused before anything is queued', async () => {
    await expect(sendJob(queue, greetJob, { name: '' })).rejects.toThrow(MalformedJobPayload);
    await expect(sendJob(queue, greetJob, { name: '' })).rejects.toThrow(
      /malformed test-greet payload: name/,
    );
  });

  it('a well-formed job reaches its handler', async () => {
    const id = await sendJob(queue, greetJob, { name: 'Ada' });
    expect((await settled(id ?? '')).state).toBe('completed');
    expect(handled).toContain('Ada');
  });

  it('a malformed job that got queued anyway fails with the reason, and the worker takes the next one', async () => {
    const bad = await queue.send(greetJob.queue, { nom: 'Grace' });
    const failed = await settled(bad ?? '');
    expect(failed.state).toBe('failed');
    expect(JSON.stringify(failed.output)).toContain('malformed test-greet payload: name');
    const good = await sendJob(queue, greetJob, { name: 'Grace' });
    expect((await settled(good ?? '')).state).toBe('completed');
    expect(handled).toEqual(['Ada', 'Grace']);
  });
});

describe('a job sent from a node that works its queue', () => {
  const handledLate: string[] = [];
  // A handler that asks for work every ten minutes, far longer than the test may take.
  const lateJob = defineJob({
    queue: 'test-wake',
    payload: z.object({ name: z.string().min(1) }),
    pollingIntervalSeconds: 600,
    async handle(payload) {
      handledLate.push(payload.name);
    },
  });

  it('wakes an idle handler of this node instead of waiting for its next fetch', async () => {
    await createJobQueue(queue, lateJob);
    await workJob(lateJob, { queue, services: {} as JobServices, config: parseConfig({}) });
    // The first may be taken by the handler's first fetch; the second only by a handler woken for it.
    const first = await sendJob(queue, lateJob, { name: 'first' });
    expect((await settled(first ?? '', lateJob.queue)).state).toBe('completed');
    const second = await sendJob(queue, lateJob, { name: 'second' });
    expect((await settled(second ?? '', lateJob.queue)).state).toBe('completed');
    expect(handledLate).toEqual(['first', 'second']);
  });

  it('wakes none once the node is stopping: the job waits for the next fetch', async () => {
    const woken: string[] = [];
    const notify = queue.notifyWorker.bind(queue);
    queue.notifyWorker = (workerId) => {
      woken.push(workerId);
      notify(workerId);
    };
    const third = await sendJob(queue, lateJob, { name: 'third' });
    expect(woken).toHaveLength(1);
    expect((await settled(third ?? '', lateJob.queue)).state).toBe('completed');
    stopWakingLocalWorkers(queue);
    await sendJob(queue, lateJob, { name: 'while stopping' });
    expect(woken).toHaveLength(1);
  });
});
