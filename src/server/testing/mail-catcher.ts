import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes undone (headers and parts). */
  decoded: string;
  /** Links found in the message, quoted-printable soft breaks undone. */
  links: string[];
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const ENCODED_WORD = /=\?[^?]+\?([QqBb])\?([^?]*)\?=/g;

/**
 * RFC 2047 encoded words (=?UTF-8?Q?...?=, =?UTF-8?B?...?=) as the text they stand for; a run of
 * adjacent words is one byte string (a character may be split between two of them).
 */
function decodeEncodedWords(header: string): string {
  return header.replace(/=\?[^?]+\?[QqBb]\?[^?]*\?=(?:\s*=\?[^?]+\?[QqBb]\?[^?]*\?=)*/g, (run) => {
    const bytes = [...run.matchAll(ENCODED_WORD)].map(([, encoding = 'Q', text = '']) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(decodeQuotedPrintable(text.replaceAll('_', ' ')), 'latin1'),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

export function parseCaughtMail(to: string[], raw: string): CaughtMail {
  const decoded = Buffer.from(decodeQuotedPrintable(raw), 'latin1').toString('utf8');
  // A long subject is folded over several lines, each a run of encoded words.
  const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(raw)?.[1] ?? '';
  const subject = decodeEncodedWords(folded.replace(/\r?\n[ \t]+/g, ' ').trim());
  const links = [...new Set(decodeQuotedPrintable(raw).match(/https?:\/\/[^\s"<>]+/g) ?? [])].map((link) =>
    link.replaceAll('&amp;', '&'),
  );
  return { to, raw, subject, decoded, links };
}

/**
 * A real SMTP server on loopback (mailparser does not install here, so messages are read raw). Keeps
 * every message in memory and, when given a folder, as .eml files for another process to read.
 */
export async function startMailCatcher(options: { mailDir?: string } = {}) {
  const mails: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  if (options.mailDir) fs.mkdirSync(options.mailDir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push(parseCaughtMail(to, raw));
        if (options.mailDir) {
          fs.writeFileSync(
            path.join(options.mailDir, `${Date.now()}-${mails.length}.eml`),
            `X-Envelope-To: ${to.join(',')}\r\n${raw}`,
          );
        }
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to this address whose subject matches, waiting up to the timeout. */
    async waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
