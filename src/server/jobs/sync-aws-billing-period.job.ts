import { syncAwsBillingPeriodPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/**
 * One month of an AWS export's backfill (docs/decisions/082): any worker node takes it, so M nodes share
 * a first sync's history. One queued and one active job per integration and month; a failed month
 * retries with backoff on its own, the others unaffected. One handler per node: a month's ingest uses
 * the node's DuckDB and a database connection for most of a minute at 1M facts.
 */
export const syncAwsBillingPeriodJob = defineJob({
  queue: 'sync-aws-billing-period',
  payload: syncAwsBillingPeriodPayload,
  policy: 'stately',
  sendOptions: (payload) => ({
    singletonKey: `${payload.integrationId}:${payload.period}`,
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInMinutes: 60,
  }),
  workers: 1,
  pollingIntervalSeconds: 1,
  handle: (payload, { services }) => services.syncAwsBillingPeriod(payload),
});
