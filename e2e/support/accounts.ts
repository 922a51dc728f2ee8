import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { parseCaughtMail } from '../../src/server/testing/mail-catcher.ts';

export const E2E_PASSWORD = 'Correct-Horse-42';

/** The link in the newest mail to this address that matches, from the .eml files the catcher writes. */
export async function waitForMailLink(to: string, linkPattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!mailDir) throw new Error('E2E_MAIL_DIR is not set: run through the Playwright global setup');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(mailDir, file), 'utf8');
      if (!raw.startsWith(`X-Envelope-To: ${to.toLowerCase()}`)) continue;
      const link = parseCaughtMail([to], raw).links.find((candidate) => linkPattern.test(candidate));
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} with a link matching ${linkPattern}`);
}

/** Signs a person up through the API and follows the verification link from their mail. */
export async function signUpVerified(
  request: APIRequestContext,
  person: { email: string; name: string },
): Promise<{ token: string }> {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { name: person.name, email: person.email, password: E2E_PASSWORD },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const link = await waitForMailLink(person.email, /\/api\/auth\/verify-email/);
  const url = new URL(link);
  await request.get(url.pathname + url.search, { maxRedirects: 0 });
  return { token };
}

/** Starts every page of this browser context signed in with the token (as the web app keeps it). */
export async function signInContext(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => window.localStorage.setItem('spendguard.session', value), token);
}
