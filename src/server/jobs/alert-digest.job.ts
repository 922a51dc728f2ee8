import { scheduledJobPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/** Daily at 07:00 UTC: the digests people asked for that are due. */
export const alertDigestJob = defineJob({
  queue: 'alert-digest',
  payload: scheduledJobPayload,
  schedule: '0 7 * * *',
  handle: (_payload, { services }) => services.sendAlertDigests(),
});
