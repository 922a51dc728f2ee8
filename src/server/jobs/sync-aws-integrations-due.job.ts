import { scheduledJobPayload } from '../../contracts/jobs.ts';
import { defineJob, sendJob } from './job-definition.ts';
import { syncAwsIntegrationJob } from './sync-aws-integration.job.ts';

/** Every integration syncs every 6 hours by default; the check runs every 15 minutes. */
export const SYNC_INTERVAL_MS = 6 * 3_600_000;

export const syncAwsIntegrationsDueJob = defineJob({
  queue: 'sync-aws-integrations-due',
  payload: scheduledJobPayload,
  schedule: '*/15 * * * *',
  async handle(_payload, { queue, services }) {
    for (const due of await services.listIntegrationsDueForSync(SYNC_INTERVAL_MS))
      await sendJob(queue, syncAwsIntegrationJob, { integrationId: due.id, force: false });
  },
});
