import { describe, expect, it } from 'vitest';
import {
  firstFreeSlug,
  isValidSlug,
  memberSlugBase,
  numberedSlug,
  numberedSlugsPrefix,
  slugify,
} from './slugs.ts';

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

  it('cut a long base so every numbered slug stays a valid slug, all sharing the prefix looked up', () => {
    const base = 'a'.repeat(40);
    for (const n of [1, 2, 10, 123_456_789]) {
      const slug = numberedSlug(base, n);
      expect(isValidSlug(slug)).toBe(true);
      expect(slug.startsWith(numberedSlugsPrefix(base))).toBe(true);
    }
    expect(numberedSlug(base, 2)).toBe(`${'a'.repeat(38)}-2`);
    // A cut that ends on a dash drops it: never two dashes in a row.
    const words = slugify('Site reliability engineering for EU a team');
    expect(isValidSlug(numberedSlug(words, 2))).toBe(true);
  });

  it('accept only what slugify would produce', () => {
    expect(isValidSlug('platform-team')).toBe(true);
    expect(isValidSlug('Platform')).toBe(false);
    expect(isValidSlug('a--b')).toBe(false);
    expect(isValidSlug('-a')).toBe(false);
  });
});
