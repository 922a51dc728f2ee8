import { describe, expect, it } from 'vitest';
import { redactSecretParameters } from './request-log.ts';

describe('request URLs in the log', () => {
  it('hide the session and chat tokens of the chat socket', () => {
    expect(redactSecretParameters('/api/chat?token=abc&inbox=1')).toBe('/api/chat?token=redacted&inbox=1');
    expect(redactSecretParameters('/api/chat?chatToken=xyz.sig')).toBe('/api/chat?chatToken=redacted');
  });

  it('keep other URLs as they are', () => {
    expect(redactSecretParameters('/api/billing-data?user_id=1')).toBe('/api/billing-data?user_id=1');
    expect(redactSecretParameters('/api/health')).toBe('/api/health');
  });
});
