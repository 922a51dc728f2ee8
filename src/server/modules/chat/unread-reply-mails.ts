import type { Kysely } from 'kysely';
import { UNREAD_REPLY_MAIL_DELAY_MS } from '../../../domain/chat-rules.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { renderMail } from '../mail/mail-layout.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  claimReplyReminders,
  findOverdueUnreadReplies,
  type OverdueReply,
} from './unread-replies.repository.ts';

interface UnreadReplyMailDependencies {
  db: Kysely<DatabaseSchema>;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}

function groupByConversation(replies: OverdueReply[]): OverdueReply[][] {
  const groups = new Map<string, OverdueReply[]>();
  for (const reply of replies)
    groups.set(reply.conversationId, [...(groups.get(reply.conversationId) ?? []), reply]);
  return [...groups.values()];
}

function unreadReplyMail(to: string, replies: OverdueReply[], chatUrl: string) {
  const first = replies[0];
  return {
    to,
    ...renderMail({
      subject: 'Spendguard support answered you',
      heading: first?.name
        ? `${first.name.split(/\s+/)[0]}, we answered your question`
        : 'We answered your question',
      paragraphs: [
        replies.length === 1
          ? 'Our support team wrote:'
          : `Our support team wrote ${replies.length} messages:`,
        ...replies.map((reply) => `“${reply.body}”`),
      ],
      action: { label: 'Open the chat', url: chatUrl },
      footnote: 'You get this mail because a reply waited unread in the chat for 10 minutes.',
    }),
  };
}

/**
 * A support reply unread for 10 minutes goes to the person by e-mail, once per reply: the replies are
 * claimed before the mail leaves, so two workers never mail the same reply.
 */
export function createUnreadReplyMailer({ db, mailer, publicUrl, now }: UnreadReplyMailDependencies) {
  return {
    async sendDue(): Promise<number> {
      const at = now();
      const due = await findOverdueUnreadReplies(db, new Date(at.getTime() - UNREAD_REPLY_MAIL_DELAY_MS));
      let sent = 0;
      for (const replies of groupByConversation(due)) {
        const claimed = new Set(
          await claimReplyReminders(
            db,
            replies.map((reply) => reply.messageId),
            at,
          ),
        );
        const email = replies[0]?.email;
        const mine = replies.filter((reply) => claimed.has(reply.messageId));
        if (!email || mine.length === 0) continue;
        // The widget opens its chat on `?chat=open`; a visitor's token lives in the browser that asked.
        const chatPath = replies[0]?.visitor ? '/?chat=open' : '/dashboard?chat=open';
        await mailer.send(unreadReplyMail(email, mine, `${publicUrl}${chatPath}`));
        sent += 1;
      }
      return sent;
    },
  };
}

export type UnreadReplyMailer = ReturnType<typeof createUnreadReplyMailer>;
