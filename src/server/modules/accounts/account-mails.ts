import { type MailContent, renderMail } from '../mail/mail-layout.ts';
import type { OutgoingMail } from '../mail/outgoing-mail.ts';

const mail = (to: string, content: MailContent): OutgoingMail => ({ to, ...renderMail(content) });

export const verificationMail = (to: string, name: string, url: string) =>
  mail(to, {
    subject: 'Verify your e-mail for Spendguard',
    heading: `Welcome, ${name}`,
    paragraphs: [
      'Confirm this is your address to open your dashboard, connect AWS and receive cost alerts.',
      'The link works once and expires in 24 hours.',
    ],
    action: { label: 'Verify my e-mail', url },
    footnote: 'If you did not create a Spendguard account, you can ignore this mail.',
  });

export const passwordResetMail = (to: string, name: string, url: string) =>
  mail(to, {
    subject: 'Reset your Spendguard password',
    heading: 'Set a new password',
    paragraphs: [
      `Hi ${name}, someone asked to reset the password of this account.`,
      'The link works once, for one hour.',
    ],
    action: { label: 'Choose a new password', url },
    footnote: 'If it was not you, ignore this mail: your password stays as it is.',
  });

export const emailChangeMail = (to: string, name: string, newEmail: string, url: string) =>
  mail(to, {
    subject: 'Confirm your new e-mail address',
    heading: 'Confirm the change of address',
    paragraphs: [`Hi ${name}, you asked to use ${newEmail} for your Spendguard account.`],
    action: { label: 'Confirm the change', url },
    footnote: 'If you did not ask for this, ignore this mail and your address stays as it is.',
  });
