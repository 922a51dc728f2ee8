import { scheduledJobPayload } from '../../contracts/jobs.ts';
import { defineJob, sendJob } from './job-definition.ts';
import { meterUsageJob } from './meter-usage.job.ts';

/**
 * Every minute (and when a worker starts): every integration with an AWS role has a usage-meter
 * job queued or running (the queue is `short` per integration: a send for one queued is dropped).
 */
export const ensureUsageMetersJob = defineJob({
  queue: 'ensure-usage-meters',
  payload: scheduledJobPayload,
  schedule: '* * * * *',
  async handle(_payload, { queue, services }) {
    for (const integration of await services.listMeteredIntegrations())
      await sendJob(queue, meterUsageJob, { integrationId: integration.id });
  },
});
