import { deliverAlertPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/** Attempts per delivery; pg-boss waits exponentially longer between them. */
export const MAX_DELIVERY_ATTEMPTS = 6;

/** One e-mail or Slack message of the outbox; the delivery's claim decides who sends, failures retry. */
export const alertDeliveryJob = defineJob({
  queue: 'alert-delivery',
  payload: deliverAlertPayload,
  sendOptions: () => ({ retryLimit: MAX_DELIVERY_ATTEMPTS - 1, retryDelay: 2, retryBackoff: true }),
  pollingIntervalSeconds: 0.5,
  handle: (payload, { services, jobId }) => services.deliverAlert(payload.deliveryId, `pg-boss:${jobId}`),
});
