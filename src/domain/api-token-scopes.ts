/**
 * What an organization API token may do (decision 056). A route of the token API declares the one
 * scope it needs; a token reaches it only when it holds that scope. Reads of the token API need
 * `costs:read`; writes need the scope of what they change. Every other route refuses tokens.
 */

export const API_TOKEN_SCOPES = [
  'costs:read',
  'budgets:write',
  'integrations:manage',
  'actions:write',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What each scope lets a token do, as the settings page and the API document say it. */
export const API_TOKEN_SCOPE_MEANINGS: Record<ApiTokenScope, { label: string; grants: string }> = {
  'costs:read': {
    label: 'Read costs',
    grants: 'Read spend, budgets, alert rules, integrations and recommendations.',
  },
  'budgets:write': {
    label: 'Write budgets and alert rules',
    grants: 'Create, change and delete budgets and alert rules, and apply budgets as code.',
  },
  'integrations:manage': {
    label: 'Manage integrations',
    grants: 'Connect, change, sync and remove AWS integrations and upload billing files.',
  },
  'actions:write': {
    label: 'Act on resources',
    grants:
      "Propose, confirm and undo actions on the organization's AWS resources (stop and start instances) through its opt-in action role. Reading the actions' log needs costs:read.",
  },
};

export function isApiTokenScope(value: string): value is ApiTokenScope {
  return (API_TOKEN_SCOPES as readonly string[]).includes(value);
}

/** Scopes as stored: one space-separated string, in the canonical order (OAuth's `scope` convention). */
export function formatScopes(scopes: readonly ApiTokenScope[]): string {
  return API_TOKEN_SCOPES.filter((scope) => scopes.includes(scope)).join(' ');
}

export function parseScopes(stored: string): ApiTokenScope[] {
  return stored.split(' ').filter(isApiTokenScope);
}

export type TokenRouteRefusal =
  | { code: 'TokenNotAccepted'; message: string }
  | { code: 'MissingScope'; scope: ApiTokenScope; message: string };

/**
 * Why a token may not use a route (or undefined when it may): a route without a declared scope is not part
 * of the token API (account, sessions, billing, token management, chat); a declared scope must be held.
 */
export function tokenRouteRefusal(
  granted: readonly ApiTokenScope[],
  required: ApiTokenScope | undefined,
): TokenRouteRefusal | undefined {
  if (!required) {
    return {
      code: 'TokenNotAccepted',
      message: 'API tokens cannot be used on this route: sign in as a person instead.',
    };
  }
  if (granted.includes(required)) return undefined;
  return {
    code: 'MissingScope',
    scope: required,
    message: `This API token lacks the scope ${required}, which this route needs.`,
  };
}

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

export function apiTokenStatus(
  token: { expiresAt: Date | null; revokedAt: Date | null },
  now: Date,
): ApiTokenStatus {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Last use is kept to the minute: a busy token costs one write a minute, not one a request. */
export const LAST_USE_PRECISION_MS = 60_000;

export function lastUseIsStale(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USE_PRECISION_MS;
}

/** The lifetimes offered when creating a token; `null` never expires. */
export const API_TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;

export function expiryOf(createdAt: Date, lifetimeDays: number | null): Date | null {
  return lifetimeDays === null ? null : new Date(createdAt.getTime() + lifetimeDays * 86_400_000);
}
