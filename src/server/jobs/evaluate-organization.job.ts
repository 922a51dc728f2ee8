import { evaluateOrganizationPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/** One organization's alerts after a budget or rule changed: a web node asks, a worker evaluates. */
export const evaluateOrganizationJob = defineJob({
  queue: 'evaluate-organization',
  payload: evaluateOrganizationPayload,
  sendOptions: () => ({ expireInMinutes: 15 }),
  pollingIntervalSeconds: 1,
  handle: (payload, { services }) => services.evaluateOrganization(payload.organizationId),
});
