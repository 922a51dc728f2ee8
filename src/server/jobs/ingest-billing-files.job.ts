import type { IngestJob, IntegrationsService } from '../modules/integrations/integrations.service.ts';
import { INGEST_QUEUE } from '../modules/integrations/integrations.service.ts';
import type { Queue } from './queue.ts';

/** Reads the billing files of one ingestion run; a failure is recorded on the run, not retried blindly. */
export async function workIngestBillingFiles(queue: Queue, integrations: IntegrationsService): Promise<void> {
  await queue.createQueue(INGEST_QUEUE);
  await queue.work<IngestJob>(INGEST_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await integrations.runIngestion(job.data);
  });
}
