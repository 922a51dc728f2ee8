import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { ALERT_LINK_KINDS, type AlertLinkKind } from '../../../contracts/alerts.ts';

/** Who a link speaks for: a member, an extra address added as a recipient, a Slack channel, or a webhook or Teams endpoint. */
export interface LinkSubject {
  kind: 'user' | 'recipient' | 'slack' | 'endpoint';
  /** A user id, a recipient id, (Slack) the organization id, or the endpoint id. */
  id: string;
}

export interface AlertLinkClaims {
  /** The purpose: one kind of link is never accepted as another. */
  purpose: AlertLinkKind;
  /** The notification acknowledged, the recipient confirmed, or the organization unsubscribed from. */
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
const SUBJECT_KINDS = ['user', 'recipient', 'slack', 'endpoint'] as const;
/** purpose 1 + target 16 + subject kind 1 + subject 16 + expiry 4 + token id 8 bytes. */
const BODY_BYTES = 46;
const SIGNATURE_BYTES = 16;

export type LinkCheck =
  | { ok: true; claims: AlertLinkClaims }
  | { ok: false; reason: 'forged' | 'expired' | 'wrong-purpose' };

function derivedKey(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'spendguard-alerts', info, 32));
}

const uuidBytes = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Signed, single-purpose, expiring links: 46 bytes of claims (ids as raw UUID bytes) and a truncated
 * HMAC-SHA256, 83 characters of base64url, short enough for any URL path.
 */
export function createAlertLinkTokens(secret: string, now: () => number) {
  const key = derivedKey(secret, 'alert-link-tokens');
  const sign = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, SIGNATURE_BYTES);

  return {
    issue(purpose: AlertLinkKind, target: string, subject: LinkSubject, days: number): string {
      const body = Buffer.alloc(BODY_BYTES);
      body.writeUInt8(ALERT_LINK_KINDS.indexOf(purpose), 0);
      uuidBytes(target).copy(body, 1);
      body.writeUInt8(SUBJECT_KINDS.indexOf(subject.kind), 17);
      uuidBytes(subject.id).copy(body, 18);
      body.writeUInt32BE(Math.floor((now() + days * DAY_MS) / 1000), 34);
      randomBytes(8).copy(body, 38);
      return Buffer.concat([body, sign(body)]).toString('base64url');
    },

    check(purpose: AlertLinkKind, token: string): LinkCheck {
      if (!/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'forged' };
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== BODY_BYTES + SIGNATURE_BYTES) return { ok: false, reason: 'forged' };
      const body = bytes.subarray(0, BODY_BYTES);
      if (!timingSafeEqual(sign(body), bytes.subarray(BODY_BYTES))) return { ok: false, reason: 'forged' };
      const claims: AlertLinkClaims = {
        purpose: ALERT_LINK_KINDS[body.readUInt8(0)]!,
        target: uuidOf(body.subarray(1, 17)),
        subject: { kind: SUBJECT_KINDS[body.readUInt8(17)]!, id: uuidOf(body.subarray(18, 34)) },
        expiresAt: body.readUInt32BE(34) * 1000,
        tokenId: body.subarray(38, 46).toString('base64url'),
      };
      if (claims.purpose !== purpose) return { ok: false, reason: 'wrong-purpose' };
      if (claims.expiresAt <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, claims };
    },
  };
}

export type AlertLinkTokens = ReturnType<typeof createAlertLinkTokens>;

/**
 * AES-256-GCM for secrets at rest: Slack's (webhook URLs, bot tokens) and, under their own key,
 * webhook and Teams endpoints' URLs and signing secrets. Keys derive from the server secret.
 */
export function createSecretBox(
  secret: string,
  purpose: 'slack-secrets' | 'webhook-secrets' = 'slack-secrets',
) {
  const key = derivedKey(secret, purpose);
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
