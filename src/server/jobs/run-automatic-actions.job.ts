import { scheduledJobPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/**
 * Every minute: the alert rules' automatic policies that are due act on the proposals nobody decided
 * or kept (docs/decisions/121). Each proposal is claimed once, so two worker nodes never act twice.
 */
export const runAutomaticActionsJob = defineJob({
  queue: 'run-automatic-actions',
  payload: scheduledJobPayload,
  schedule: '* * * * *',
  handle: (_payload, { services }) => services.runDueAutomaticActions(),
});
