import { describe, expect, it } from 'vitest';
import { firstFreeSlug, isValidSlug, memberSlugBase, slugify } from './slugs.ts';

describe('slugs', () => {
  it('turn a name into lower-case words joined by dashes', () => {
    expect(slugify('  Platform Team! ')).toBe('platform-team');
    expect(slugify('Café Données')).toBe('cafe-donnees');
    expect(slugify('!!!')).toBe('');
  });

  it('start a member from the local part of their e-mail', () => {
    expect(memberSlugBase('Jane.Doe+aws@acme.com')).toBe('jane-doe-aws');
    expect(memberSlugBase('___@acme.com')).toBe('member');
  });

  it('take the next free number when the name is taken', () => {
    expect(firstFreeSlug('jane', new Set())).toBe('jane');
    expect(firstFreeSlug('jane', new Set(['jane', 'jane-2']))).toBe('jane-3');
  });

  it('accept only what slugify would produce', () => {
    expect(isValidSlug('platform-team')).toBe(true);
    expect(isValidSlug('Platform')).toBe(false);
    expect(isValidSlug('a--b')).toBe(false);
    expect(isValidSlug('-a')).toBe(false);
  });
});
