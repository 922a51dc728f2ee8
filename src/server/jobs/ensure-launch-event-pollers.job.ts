import { scheduledJobPayload } from '../../contracts/jobs.ts';
import { defineJob, sendJob } from './job-definition.ts';
import { pollLaunchEventsJob } from './poll-launch-events.job.ts';

/**
 * Every minute (and when a worker starts): every AWS integration has a launch-events poller. The poll
 * queue is `short` per integration (a send for one already queued is dropped), and a job whose
 * integration is being polled by another ends at once (its lease).
 */
export const ensureLaunchEventPollersJob = defineJob({
  queue: 'ensure-launch-event-pollers',
  payload: scheduledJobPayload,
  schedule: '* * * * *',
  async handle(_payload, { queue, services }) {
    for (const integration of await services.listLaunchEventIntegrations())
      await sendJob(queue, pollLaunchEventsJob, { integrationId: integration.id });
  },
});
