import type { Queue } from './queue.ts';

/** One handler this node runs for a queue (pg-boss's worker id), and whether it is handling a job. */
interface LocalWorker {
  id: string;
  busy: boolean;
}

const workersOf = new WeakMap<Queue, Map<string, { workers: LocalWorker[]; next: number }>>();
const stopping = new WeakSet<Queue>();

/**
 * This node's handlers by queue, so a job sent from a node that works its queue starts at once: a handler
 * is woken (pg-boss's notifyWorker) instead of the job waiting for that handler's next fetch, 2 s by
 * default and 10 s for a launch-events poller. Idle handlers are woken in turn, so jobs sent together
 * start side by side; with none idle, a busy one fetches again as soon as its job ends instead of after
 * its interval. A node that does not work the queue wakes nothing; another node's handlers fetch at their
 * own pace, as before.
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

/** Wakes one of this node's handlers of the queue, if it has one and is not stopping. */
export function wakeLocalWorker(queue: Queue, queueName: string): void {
  const entry = workersOf.get(queue)?.get(queueName);
  if (!entry || stopping.has(queue)) return;
  const started = entry.workers.filter((worker) => worker.id !== '');
  const idle = started.filter((worker) => !worker.busy);
  const pool = idle.length > 0 ? idle : started;
  const chosen = pool[entry.next++ % Math.max(pool.length, 1)];
  if (chosen) queue.notifyWorker(chosen.id);
}

/**
 * The node is stopping: a job sent from now on (a launch-events session that ends and sends itself again,
 * a request still being answered) is left for the next fetch of another node, or of this one at its next
 * start, instead of being woken into a handler about to stop.
 */
export function stopWakingLocalWorkers(queue: Queue): void {
  stopping.add(queue);
}
