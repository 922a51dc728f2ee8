import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPhone, normalizeFullName, passwordProblem } from './account-rules.ts';

describe('an e-mail address', () => {
  it.each(['jane@example.com', 'j.doe+aws@corp.example.co.uk', 'a@b.c'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each([
    '',
    'jane',
    'jane@example',
    'jane@@example.com',
    'ja ne@example.com',
    'jane@exa mple.com',
    '@example.com',
    'jane@.com ',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it('is at most 254 characters, the longest address mail carries', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`a${at254}`)).toBe(false);
  });
});

describe('a phone number', () => {
  it.each(['+14255550123', '+1 425 555 0123', '+4 4 2 0 7 9 4 6 0 9 5'])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });
  it.each([
    '14255550123',
    '+1425555012',
    '+142555501234',
    '+1  4255550123',
    '+1-425-555-0123',
    '+1 425 555 0123 ',
  ])('refuses %j', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('a password', () => {
  it('needs at least 10 characters', () => {
    expect(passwordProblem('Abc123!xy')).toMatch(/at least 10/);
    expect(passwordProblem('Abc123!xyz')).toBeNull();
  });
  it('may not be all one kind of character', () => {
    expect(passwordProblem('abcdefghijkl')).toMatch(/two kinds/);
    expect(passwordProblem('123456789012')).toMatch(/two kinds/);
    expect(passwordProblem('abcdefghij1')).toBeNull();
  });
});

it('trims the full name before sending', () => {
  expect(normalizeFullName('  Jane   Doe ')).toBe('Jane Doe');
});
