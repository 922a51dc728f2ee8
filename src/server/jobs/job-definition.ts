import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { IngestBillingFilesPayload, SyncAwsBillingPeriodPayload } from '../../contracts/jobs.ts';
import type { Config } from '../config.ts';
import { addLocalWorker, wakeLocalWorker } from './local-workers.ts';
import type { Queue } from './queue.ts';

/**
 * What the jobs call, by name. Declared here as plain functions (jobs/index.ts fills them from the
 * modules' services) so a module can import a job to send it without an import cycle.
 */
export interface JobServices {
  runIngestion(payload: IngestBillingFilesPayload): Promise<unknown>;
  syncAwsIntegration(integrationId: string, options: { force: boolean }): Promise<unknown>;
  /** One month of a sync's backfill, on whichever worker took it. */
  syncAwsBillingPeriod(payload: SyncAwsBillingPeriodPayload): Promise<unknown>;
  /** Integrations whose last sync is older than `intervalMs` on the injected clock. */
  listIntegrationsDueForSync(intervalMs: number): Promise<Array<{ id: string }>>;
  sendUnreadReplyMails(): Promise<unknown>;
  evaluateAllOrganizations(): Promise<unknown>;
  evaluateOrganization(organizationId: string): Promise<unknown>;
  remindUnacknowledgedAlerts(): Promise<unknown>;
  sendAlertDigests(): Promise<unknown>;
  deliverAlert(deliveryId: string, worker: string): Promise<unknown>;
  sweepAlertDeliveries(): Promise<unknown>;
  /** One session of an integration's launch-events poller: poll again now, in a while, or never. */
  pollLaunchEvents(integrationId: string): Promise<'continue' | 'later' | 'stop'>;
  listLaunchEventIntegrations(): Promise<Array<{ id: string }>>;
  /** One read of an integration's usage meter: read again after the interval, or never. */
  meterUsage(integrationId: string): Promise<'continue' | 'stop'>;
  listMeteredIntegrations(): Promise<Array<{ id: string }>>;
  /** The alert rules' automatic policies that are due act; answers how many acted. */
  runDueAutomaticActions(): Promise<number>;
}

export interface JobRun {
  queue: Queue;
  services: JobServices;
  config: Config;
  /** pg-boss's id of the job being handled. */
  jobId: string;
}

/** One pg-boss job: its queue, payload, schedule, how senders queue it and what a worker does with it. */
export interface JobDefinition<Schema extends z.ZodType> {
  queue: string;
  payload: Schema;
  /** `stately`: one queued and one active job per singleton key. */
  policy?: PgBoss.QueuePolicy;
  /** A cron expression (UTC), or one read from the config. */
  schedule?: string | ((config: Config) => string);
  /** Retries, expiry, singleton key: applied to every send. */
  sendOptions?(payload: z.output<Schema>): PgBoss.SendOptions;
  /** Concurrent handlers on one worker node (1 unless said), or a number read from the config. */
  workers?: number | ((config: Config) => number);
  /** How often an idle worker asks for a job (2 s unless said), or a number read from the config. */
  pollingIntervalSeconds?: number | ((config: Config) => number);
  handle(payload: z.output<Schema>, run: JobRun): Promise<unknown>;
}

export function defineJob<Schema extends z.ZodType>(job: JobDefinition<Schema>): JobDefinition<Schema> {
  return job;
}

/** A payload that does not match its job's schema: a programming error on the sending side. */
export class MalformedJobPayload extends Error {
  override name = 'MalformedJobPayload';
}

function parsePayload<Schema extends z.ZodType>(job: JobDefinition<Schema>, data: unknown): z.output<Schema> {
  const parsed = job.payload.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`,
  );
  throw new MalformedJobPayload(`malformed ${job.queue} payload: ${problems.join('; ')}`);
}

/**
 * Queues one job; the payload is parsed first, so a wrong one fails its sender, not a worker later. A job
 * due now wakes one of this node's handlers of its queue, if it has one (local-workers.ts).
 */
export async function sendJob<Schema extends z.ZodType>(
  queue: Queue,
  job: JobDefinition<Schema>,
  payload: z.input<Schema>,
  extra: Pick<PgBoss.SendOptions, 'startAfter'> = {},
): Promise<string | null> {
  const data = parsePayload(job, payload);
  const options = { ...(job.sendOptions?.(data) ?? {}), ...extra };
  const id = await queue.send(job.queue, data as object, options);
  if (id !== null && options.startAfter === undefined) wakeLocalWorker(queue, job.queue);
  return id;
}

/** PostgreSQL's answer to one side of a deadlock; the other side went through. */
const DEADLOCK_DETECTED = '40P01';

/**
 * Every node creates every queue (idempotent): a web node sends to queues no worker may have made yet.
 * Nodes starting together on an empty PostgreSQL can deadlock creating two queues' partitions at once;
 * PostgreSQL aborts one side, which tries again and finds the queue made or free to make.
 */
export async function createJobQueue(queue: Queue, job: JobDefinition<z.ZodType>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await queue.createQueue(job.queue, { name: job.queue, policy: job.policy });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= 5) throw error;
    }
  }
}

/**
 * Starts a job's handlers and registers its schedule (its queue exists). A received payload is parsed
 * before the handler runs: a malformed one fails that job with the reason (pg-boss records it as the
 * job's output) and the worker goes on with the next.
 */
export async function workJob<Schema extends z.ZodType>(
  job: JobDefinition<Schema>,
  node: { queue: Queue; services: JobServices; config: Config },
): Promise<void> {
  const { queue, services, config } = node;
  const polling = job.pollingIntervalSeconds ?? 2;
  const options = {
    batchSize: 1,
    pollingIntervalSeconds: typeof polling === 'function' ? polling(config) : polling,
  };
  const workers = typeof job.workers === 'function' ? job.workers(config) : (job.workers ?? 1);
  for (let handler = 0; handler < workers; handler++) {
    const worker = addLocalWorker(queue, job.queue);
    worker.id = await queue.work(job.queue, options, async ([received]) => {
      if (!received) return;
      worker.busy = true;
      try {
        await job.handle(parsePayload(job, received.data), { queue, services, config, jobId: received.id });
      } finally {
        worker.busy = false;
      }
    });
  }
  if (job.schedule)
    await queue.schedule(job.queue, typeof job.schedule === 'string' ? job.schedule : job.schedule(config));
}
