import nodemailer from 'nodemailer';
import type { AppContext } from '../../context.ts';
import { insertOutboxMail } from './mail.repository.ts';
import type { OutgoingMail } from './outgoing-mail.ts';

export type { OutgoingMail };

export type MailDelivery = 'smtp' | 'outbox';

export interface Mailer {
  /** Where mail goes on this server: a real SMTP server, or the outbox table the operator reads. */
  delivery: MailDelivery;
  send(mail: OutgoingMail): Promise<void>;
}

/** Mail leaves through SMTP_URL; without it, it lands in the outbox table (and the log says so). */
export function createMailer(context: Pick<AppContext, 'config' | 'database' | 'log'>): Mailer {
  const { smtpUrl, mailFrom } = context.config;
  if (!smtpUrl) {
    return {
      delivery: 'outbox',
      async send(mail) {
        await insertOutboxMail(context.database.db, { ...mail, to: mail.to.toLowerCase() });
        context.log.info(
          { to: mail.to, subject: mail.subject },
          'mail kept in the outbox (no SMTP_URL): npm run outbox',
        );
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    delivery: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from: mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
  };
}
