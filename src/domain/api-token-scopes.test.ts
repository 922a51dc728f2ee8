import { describe, expect, it } from 'vitest';
import {
  apiTokenStatus,
  expiryOf,
  formatScopes,
  lastUseIsStale,
  parseScopes,
  tokenRouteRefusal,
} from './api-token-scopes.ts';

describe('a token on a route', () => {
  it('is refused on a route outside the token API, whatever its scopes', () => {
    expect(tokenRouteRefusal(['costs:read', 'budgets:write'], undefined)?.code).toBe('TokenNotAccepted');
  });

  it('passes when it holds the scope the route declares', () => {
    expect(tokenRouteRefusal(['costs:read'], 'costs:read')).toBeUndefined();
  });

  it('is refused with the missing scope named', () => {
    expect(tokenRouteRefusal(['costs:read'], 'budgets:write')).toEqual({
      code: 'MissingScope',
      scope: 'budgets:write',
      message: 'This API token lacks the scope budgets:write, which this route needs.',
    });
  });

  it('needs the read scope for reads: a write scope does not imply it', () => {
    expect(tokenRouteRefusal(['budgets:write'], 'costs:read')?.code).toBe('MissingScope');
  });
});

describe('stored scopes', () => {
  it('keep one canonical order and drop unknown words', () => {
    expect(formatScopes(['integrations:manage', 'costs:read'])).toBe('costs:read integrations:manage');
    expect(parseScopes('costs:read admin:all budgets:write')).toEqual(['costs:read', 'budgets:write']);
  });
});

describe('token status', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('is revoked before anything else, then expired at its expiry instant', () => {
    expect(apiTokenStatus({ expiresAt: null, revokedAt: now }, now)).toBe('revoked');
    expect(apiTokenStatus({ expiresAt: now, revokedAt: null }, now)).toBe('expired');
    expect(apiTokenStatus({ expiresAt: new Date(now.getTime() + 1), revokedAt: null }, now)).toBe('active');
    expect(apiTokenStatus({ expiresAt: null, revokedAt: null }, now)).toBe('active');
  });

  it('expires the chosen number of days after creation, or never', () => {
    expect(expiryOf(now, 30)?.toISOString()).toBe('2026-12-28T12:00:00.000Z');
    expect(expiryOf(now, null)).toBeNull();
  });
});

describe('last use', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('is written at most once a minute', () => {
    expect(lastUseIsStale(null, now)).toBe(true);
    expect(lastUseIsStale(new Date(now.getTime() - 59_000), now)).toBe(false);
    expect(lastUseIsStale(new Date(now.getTime() - 60_000), now)).toBe(true);
  });
});
