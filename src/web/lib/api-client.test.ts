import { describe, expect, it } from 'vitest';
import { ApiRequestError, rejectionFor, rejectionMessage } from './api-client.ts';

describe('what a failed call rejects with', () => {
  it('rejects with code and message when the body has them', () => {
    const rejection = rejectionFor(402, { Code: 'SubscriptionExpired', Message: 'Subscription Expired' });
    expect(rejection).toBeInstanceOf(ApiRequestError);
    expect(rejection).toMatchObject({
      status: 402,
      code: 'SubscriptionExpired',
      message: 'Subscription Expired',
    });
  });

  it('rejects any other body as it is, not rewritten', () => {
    const json = { error: 'upstream timeout' };
    expect(rejectionFor(504, json)).toBe(json);
    expect(rejectionFor(500, 'BadRequestError: Subscription Expired')).toBe(
      'BadRequestError: Subscription Expired',
    );
    expect(rejectionFor(502, undefined)).toBeUndefined();
  });

  it('still gives the screens a sentence for every kind of rejection', () => {
    expect(rejectionMessage(new ApiRequestError(409, 'SlugTaken', 'slug: taken'))).toBe('slug: taken');
    expect(rejectionMessage('Service Unavailable')).toBe('Service Unavailable');
    expect(rejectionMessage({ message: 'Bad gateway' })).toBe('Bad gateway');
    expect(rejectionMessage('<html><body>502</body></html>')).toMatch(/could not answer/);
    expect(rejectionMessage(undefined)).toMatch(/could not answer/);
  });
});
