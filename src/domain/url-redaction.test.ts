import { describe, expect, it } from 'vitest';
import { redactUrlSecrets } from './url-redaction.ts';

describe('a URL as the log shows it', () => {
  it('hides every query parameter named like a secret', () => {
    expect(redactUrlSecrets('/api/chat?token=abc&inbox=1')).toBe('/api/chat?token=redacted&inbox=1');
    expect(redactUrlSecrets('/api/chat?chatToken=xyz.sig')).toBe('/api/chat?chatToken=redacted');
    expect(redactUrlSecrets('/api/outbox?key=op-key&to=a%40b.c')).toBe('/api/outbox?key=redacted&to=a%40b.c');
    expect(redactUrlSecrets('/api/slack/oauth/callback?code=c&state=s')).toBe(
      '/api/slack/oauth/callback?code=redacted&state=redacted',
    );
  });

  it('hides the path segments its route names like a secret', () => {
    expect(redactUrlSecrets('/api/alert-links/unsubscribe/abc.def', '/api/alert-links/:kind/:token')).toBe(
      '/api/alert-links/unsubscribe/redacted',
    );
    expect(redactUrlSecrets('/api/invitations/INV-123', '/api/invitations/:code')).toBe(
      '/api/invitations/redacted',
    );
  });

  it('hides the reset token of the mailed link, served under a wildcard route', () => {
    expect(redactUrlSecrets('/api/auth/reset-password/tok123?callbackURL=%2Freset', '/api/auth/*')).toBe(
      '/api/auth/reset-password/redacted?callbackURL=%2Freset',
    );
  });

  it('keeps other URLs as they are', () => {
    expect(redactUrlSecrets('/api/billing-data?user_id=1')).toBe('/api/billing-data?user_id=1');
    expect(redactUrlSecrets('/api/budgets/42', '/api/budgets/:id')).toBe('/api/budgets/42');
    expect(redactUrlSecrets('/api/health')).toBe('/api/health');
  });
});
