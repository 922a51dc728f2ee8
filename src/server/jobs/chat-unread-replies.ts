import type { UnreadReplyMailer } from '../modules/chat/unread-reply-mails.ts';
import type { Queue } from './queue.ts';

export const CHAT_UNREAD_REPLIES_JOB = 'chat-unread-replies';

/** Every minute, support replies unread for 10 minutes are mailed to their person (once per reply). */
export async function scheduleUnreadReplyMails(queue: Queue, mailer: UnreadReplyMailer): Promise<void> {
  await queue.createQueue(CHAT_UNREAD_REPLIES_JOB);
  await queue.schedule(CHAT_UNREAD_REPLIES_JOB, '* * * * *');
  await queue.work(CHAT_UNREAD_REPLIES_JOB, async () => {
    await mailer.sendDue();
  });
}
