import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { AlertLinkKind } from '../../../contracts/alerts.ts';

/** Who a link speaks for: an organization member, or an extra address added as a recipient. */
export interface LinkSubject {
  kind: 'user' | 'recipient' | 'slack';
  id: string;
  /** Who the acknowledgement is recorded as: an address, or the Slack channel. */
  label?: string;
}

export interface AlertLinkClaims {
  /** The purpose: one kind of link is never accepted as another. */
  purpose: AlertLinkKind;
  /** The notification acknowledged, or the recipient confirmed or unsubscribed. */
  target: string;
  subject: LinkSubject;
  expiresAt: number;
  /** Unique per link: a link used once is refused after. */
  tokenId: string;
}

export const ACKNOWLEDGE_LINK_DAYS = 30;
export const CONFIRM_LINK_DAYS = 7;
/** Unsubscribe links keep working long after the mail (RFC 8058 asks for it to work for a while). */
export const UNSUBSCRIBE_LINK_DAYS = 90;
const DAY_MS = 86_400_000;

export type LinkCheck =
  | { ok: true; claims: AlertLinkClaims }
  | { ok: false; reason: 'forged' | 'expired' | 'wrong-purpose' };

function derivedKey(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'spendguard-alerts', info, 32));
}

/** Signed, single-purpose, expiring links (HMAC-SHA256 over the claims). */
export function createAlertLinkTokens(secret: string, now: () => number = Date.now) {
  const key = derivedKey(secret, 'alert-link-tokens');
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    issue(purpose: AlertLinkKind, target: string, subject: LinkSubject, days: number): string {
      const claims: AlertLinkClaims = {
        purpose,
        target,
        subject,
        expiresAt: now() + days * DAY_MS,
        tokenId: randomBytes(12).toString('base64url'),
      };
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${sign(body)}`;
    },

    check(purpose: AlertLinkKind, token: string): LinkCheck {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return { ok: false, reason: 'forged' };
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { ok: false, reason: 'forged' };
      }
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AlertLinkClaims;
      if (claims.purpose !== purpose) return { ok: false, reason: 'wrong-purpose' };
      if (claims.expiresAt <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, claims };
    },
  };
}

export type AlertLinkTokens = ReturnType<typeof createAlertLinkTokens>;

/** AES-256-GCM for Slack secrets at rest (webhook URLs, bot tokens); the key derives from the server secret. */
export function createSecretBox(secret: string) {
  const key = derivedKey(secret, 'slack-secrets');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        sealed.toString('base64url'),
      ].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
