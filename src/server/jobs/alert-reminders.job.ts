import { scheduledJobPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/** Daily at 09:00 UTC: alerts still unacknowledged are sent again. */
export const alertRemindersJob = defineJob({
  queue: 'alert-reminders',
  payload: scheduledJobPayload,
  schedule: '0 9 * * *',
  handle: (_payload, { services }) => services.remindUnacknowledgedAlerts(),
});
