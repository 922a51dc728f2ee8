import { scheduledJobPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/** Every organization's budgets and rules, on ALERT_EVALUATION_CRON (besides right after each ingest). */
export const alertEvaluationJob = defineJob({
  queue: 'alert-evaluation',
  payload: scheduledJobPayload,
  schedule: (config) => config.alerts.evaluationCron,
  handle: (_payload, { services }) => services.evaluateAllOrganizations(),
});
