import fs from 'node:fs';
import path from 'node:path';
import { type CaughtMail, parseCaughtMail } from '../../src/server/testing/mail-catcher.ts';

/** Reads the mail the e2e SMTP server caught (global-setup writes one .eml file per message). */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!mailDir) throw new Error('E2E_MAIL_DIR is not set: run the specs through playwright.config.ts');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().reverse() : [];
    for (const file of files) {
      const content = fs.readFileSync(path.join(mailDir, file), 'utf8');
      const recipients = (/^X-Envelope-To: (.*)$/m.exec(content)?.[1] ?? '').split(',');
      const mail = parseCaughtMail(recipients, content);
      if (recipients.includes(to.toLowerCase()) && subject.test(mail.subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** The mail's link that contains the given path, rewritten onto the e2e server's address. */
export function linkIn(mail: CaughtMail, pathPart: string): string {
  const link = mail.links.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`no link with ${pathPart} in "${mail.subject}"`);
  return link;
}

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
