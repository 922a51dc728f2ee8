import { describe, expect, it } from 'vitest';
import { canSubmitEmail, emailFieldError } from './email-field.ts';

describe('the e-mail field rule', () => {
  it('explains an address that is not one', () => {
    for (const value of ['bad@example', 'a b@example.com', 'a@@example.com', 'plain'])
      expect(emailFieldError(value)).toBe('Please enter a valid email address.');
  });

  it('says nothing for a valid address or an untouched empty field', () => {
    expect(emailFieldError('jane@example.com')).toBeNull();
    expect(emailFieldError('')).toBeNull();
  });

  it('lets the form submit only a valid, non-empty address', () => {
    expect(canSubmitEmail('')).toBe(false);
    expect(canSubmitEmail('bad@example')).toBe(false);
    expect(canSubmitEmail('jane@example.com')).toBe(true);
  });
});
