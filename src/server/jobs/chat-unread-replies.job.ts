import { scheduledJobPayload } from '../../contracts/jobs.ts';
import { defineJob } from './job-definition.ts';

/** Every minute, support replies unread for 10 minutes are mailed to their person (once per reply). */
export const chatUnreadRepliesJob = defineJob({
  queue: 'chat-unread-replies',
  payload: scheduledJobPayload,
  schedule: '* * * * *',
  handle: (_payload, { services }) => services.sendUnreadReplyMails(),
});
