import type { AwsSyncService, SyncRequests } from '../modules/integrations/aws-sync.service.ts';
import type { Queue } from './queue.ts';

export const SYNC_QUEUE = 'sync-aws-integration';
export const SYNC_DUE_QUEUE = 'sync-aws-integrations-due';
/** Every integration syncs every 6 hours by default; the check runs every 15 minutes. */
export const SYNC_INTERVAL_MS = 6 * 3_600_000;
const SYNC_WORKERS = 2;

interface SyncJob {
  integrationId: string;
  force: boolean;
}

/**
 * One sync per integration at a time: the queue is `stately` (one queued and one active job per
 * singleton key, the integration id). Throttling fails the job, which retries with exponential backoff.
 */
export async function workAwsSyncs(
  queue: Queue,
  sync: AwsSyncService,
  listDue: (olderThan: Date) => Promise<Array<{ id: string }>>,
): Promise<SyncRequests> {
  await queue.createQueue(SYNC_QUEUE, { name: SYNC_QUEUE, policy: 'stately' });
  await queue.createQueue(SYNC_DUE_QUEUE, { name: SYNC_DUE_QUEUE });
  const requests: SyncRequests = {
    async request(integrationId, { force }) {
      const id = await queue.send(SYNC_QUEUE, { integrationId, force } satisfies SyncJob, {
        singletonKey: integrationId,
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
        expireInMinutes: 60,
      });
      return id !== null;
    },
  };
  // Two workers: a long first sync (13 months) does not hold back another organization's.
  for (let worker = 0; worker < SYNC_WORKERS; worker++) {
    await queue.work<SyncJob>(SYNC_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await sync.sync(job.data.integrationId, { force: job.data.force });
    });
  }
  await queue.schedule(SYNC_DUE_QUEUE, '*/15 * * * *');
  await queue.work(SYNC_DUE_QUEUE, async () => {
    for (const due of await listDue(new Date(Date.now() - SYNC_INTERVAL_MS)))
      await requests.request(due.id, { force: false });
  });
  return requests;
}

/** Without workers (the CLI, tests without a queue) a requested sync runs right away. */
export function inlineSyncs(sync: AwsSyncService): SyncRequests {
  return {
    async request(integrationId, { force }) {
      await sync.sync(integrationId, { force });
      return true;
    },
  };
}
