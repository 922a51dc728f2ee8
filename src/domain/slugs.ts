/** Readable, URL-safe names for organizations, teams and members (routes take a slug). */

const MAX_SLUG_LENGTH = 40;

/** Lower case letters, digits and single dashes: "Platform Team!" → "platform-team". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
}

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function isValidSlug(slug: string): boolean {
  return slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug);
}

/** A member's slug starts from the local part of their e-mail: "jane.doe@acme.com" → "jane-doe". */
export function memberSlugBase(email: string): string {
  return slugify(email.split('@')[0] ?? '') || 'member';
}

/** The n-th slug of a base: the base itself, then "jane-2", "jane-3"..., the base cut so each fits. */
export function numberedSlug(base: string, n: number): string {
  return n === 1 ? base : `${base.slice(0, MAX_SLUG_LENGTH - String(n).length - 1).replace(/-+$/, '')}-${n}`;
}

/** What every numbered slug of a base starts with (up to a billion of them): the prefix to look up. */
export function numberedSlugsPrefix(base: string): string {
  return base.slice(0, MAX_SLUG_LENGTH - 11);
}

/** The base itself when free, else the base with the first free number: "jane", "jane-2", "jane-3"... */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const candidate = numberedSlug(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}
