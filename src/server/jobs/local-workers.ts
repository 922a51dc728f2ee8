import type { Queue } from './queue.ts';

/** One handler this node runs for a queue (pg-boss's worker id), and whether it is handling a job. */
interface LocalWorker {
  id: string;
  busy: boolean;
}

const workersOf = new WeakMap<Queue, Map<string, { workers: LocalWorker[]; next: number }>>();

/**
 * This node's handlers by queue, so a job sent from a node that works its queue starts at once: an idle
 * handler is woken (pg-boss's notifyWorker) instead of the job waiting for that handler's next fetch,
 * 2 s by default and 10 s for a launch-events poller. Idle handlers are woken in turn, so jobs sent
 * together start side by side. A node that does not work the queue wakes nothing; another node's
 * handlers fetch at their own pace, as before.
 */
export function addLocalWorker(queue: Queue, queueName: string): LocalWorker {
  const byName = workersOf.get(queue) ?? new Map();
  workersOf.set(queue, byName);
  const entry = byName.get(queueName) ?? { workers: [], next: 0 };
  byName.set(queueName, entry);
  const worker: LocalWorker = { id: '', busy: false };
  entry.workers.push(worker);
  return worker;
}

/** Wakes one of this node's idle handlers of the queue, if it has one. */
export function wakeIdleWorker(queue: Queue, queueName: string): void {
  const entry = workersOf.get(queue)?.get(queueName);
  if (!entry) return;
  const idle = entry.workers.filter((worker) => !worker.busy && worker.id !== '');
  const chosen = idle[entry.next++ % Math.max(idle.length, 1)];
  if (chosen) queue.notifyWorker(chosen.id);
}
