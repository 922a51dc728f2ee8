import { scheduledJobPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/** Every minute: deliveries a dead worker left (lease expired) or never handed to a worker are queued again. */
export const alertDeliverySweepJob = defineJob({
  queue: 'alert-delivery-sweep',
  payload: scheduledJobPayload,
  schedule: '* * * * *',
  handle: (_payload, { services }) => services.sweepAlertDeliveries(),
});
