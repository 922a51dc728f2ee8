import fs from 'node:fs';
import path from 'node:path';
import { type CaughtMail, parseCaughtMail } from '../../src/server/testing/mail-catcher.ts';

/** Mails the e2e SMTP catcher wrote to E2E_MAIL_DIR for this address, oldest first. */
function mailsTo(address: string): CaughtMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts');
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b))
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
    .map((raw) => {
      const to = (/^X-Envelope-To: (.*)$/m.exec(raw)?.[1] ?? '').trim().split(',');
      return parseCaughtMail(to, raw);
    })
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** The newest mail to this address whose subject matches, waiting for it to arrive. */
export async function newestMail(address: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(address).filter((mail) => subject.test(mail.subject));
    const newest = found[found.length - 1];
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link of the mail whose path starts with this prefix, as a path the browser can open. */
export function linkIn(mail: CaughtMail, pathPrefix: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in "${mail.subject}"`);
  const url = new URL(link);
  return url.pathname + url.search;
}
