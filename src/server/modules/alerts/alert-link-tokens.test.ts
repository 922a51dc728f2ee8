import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAlertLinkTokens, createSecretBox } from './alert-link-tokens.ts';

const SECRET = 'a-server-secret-of-at-least-thirty-two-characters';
const notificationId = randomUUID();
const userId = randomUUID();

function tokensAt(time: { now: number }) {
  return createAlertLinkTokens(SECRET, () => time.now);
}

describe('alert link tokens', () => {
  it('round-trips the claims in a token short enough for a URL path', () => {
    const tokens = tokensAt({ now: Date.UTC(2026, 10, 24) });
    const token = tokens.issue('budget-alert-confirmation', notificationId, { kind: 'user', id: userId }, 30);
    expect(token.length).toBeLessThanOrEqual(100);
    const checked = tokens.check('budget-alert-confirmation', token);
    expect(checked).toMatchObject({
      ok: true,
      claims: {
        purpose: 'budget-alert-confirmation',
        target: notificationId,
        subject: { kind: 'user', id: userId },
      },
    });
  });

  it('refuses a token past its expiry, to the second', () => {
    const time = { now: Date.UTC(2026, 10, 24) };
    const tokens = tokensAt(time);
    const token = tokens.issue('confirmation', notificationId, { kind: 'recipient', id: userId }, 7);
    time.now += 7 * 86_400_000 - 1000;
    expect(tokens.check('confirmation', token).ok).toBe(true);
    time.now += 1000;
    expect(tokens.check('confirmation', token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token of another purpose, another server, or with a changed byte', () => {
    const tokens = tokensAt({ now: Date.now() });
    const token = tokens.issue('threshold-confirmation', notificationId, { kind: 'slack', id: userId }, 30);
    expect(tokens.check('unsubscribe', token)).toEqual({ ok: false, reason: 'wrong-purpose' });
    const elsewhere = createAlertLinkTokens('another-server-secret-of-thirty-two-characters', Date.now);
    expect(elsewhere.check('threshold-confirmation', token)).toEqual({ ok: false, reason: 'forged' });
    const changed = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
    expect(tokens.check('threshold-confirmation', changed)).toEqual({ ok: false, reason: 'forged' });
    expect(tokens.check('threshold-confirmation', 'not a token')).toEqual({ ok: false, reason: 'forged' });
  });

  it('issues a different token each time, so each link is used once', () => {
    const tokens = tokensAt({ now: Date.now() });
    const subject = { kind: 'user' as const, id: userId };
    expect(tokens.issue('unsubscribe', notificationId, subject, 90)).not.toBe(
      tokens.issue('unsubscribe', notificationId, subject, 90),
    );
  });
});

describe('the secret box for Slack secrets', () => {
  it('seals so the stored text does not hold the secret, and opens it again', () => {
    const box = createSecretBox(SECRET);
    const sealed = box.seal('https://hooks.slack.com/services/T0/B0/very-secret');
    expect(sealed).not.toContain('very-secret');
    expect(box.open(sealed)).toBe('https://hooks.slack.com/services/T0/B0/very-secret');
    expect(() => createSecretBox('another-server-secret-of-thirty-two-characters').open(sealed)).toThrow();
  });
});
