import { syncAwsIntegrationPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/**
 * One sync per integration at a time: the queue is `stately` (one queued and one active job per
 * singleton key, the integration id). Throttling fails the job, which retries with exponential backoff.
 * Two handlers per worker: a long first sync (13 months) does not hold back another organization's.
 */
export const syncAwsIntegrationJob = defineJob({
  queue: 'sync-aws-integration',
  payload: syncAwsIntegrationPayload,
  policy: 'stately',
  sendOptions: (payload) => ({
    singletonKey: payload.integrationId,
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInMinutes: 60,
  }),
  workers: 2,
  pollingIntervalSeconds: 1,
  handle: (payload, { services }) =>
    services.syncAwsIntegration(payload.integrationId, { force: payload.force }),
});
