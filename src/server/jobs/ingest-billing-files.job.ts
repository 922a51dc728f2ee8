import { ingestBillingFilesPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/** Reads the billing files of one ingestion run (DuckDB); a failure is recorded on the run, not retried blindly. */
export const ingestBillingFilesJob = defineJob({
  queue: 'ingest-billing-files',
  payload: ingestBillingFilesPayload,
  sendOptions: () => ({ retryLimit: 0, expireInMinutes: 60 }),
  pollingIntervalSeconds: 1,
  handle: (payload, { services }) => services.runIngestion(payload),
});
