import { z } from 'zod';
import { API_TOKEN_LIFETIMES_DAYS, API_TOKEN_SCOPES } from '../domain/api-token-scopes.ts';

export const apiTokenScope = z.enum(API_TOKEN_SCOPES);

/** POST /api/api-tokens: a name, at least one scope, and a lifetime in days (null: never expires). */
export const createApiTokenInput = z.object({
  name: z
    .string()
    .transform((name) => name.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, 'enter a name').max(80, 'use at most 80 characters')),
  scopes: z
    .array(apiTokenScope)
    .min(1, 'choose at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'name each scope once'),
  // Every token expires: a forgotten script's key stops working on its own (a year at most).
  expires_in_days: z
    .number('must be one of 7, 30, 90, 365 days: every token expires')
    .int()
    .refine(
      (days) => (API_TOKEN_LIFETIMES_DAYS as readonly number[]).includes(days),
      `must be one of ${API_TOKEN_LIFETIMES_DAYS.join(', ')} days: every token expires`,
    ),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

/** A token as the settings page lists it: never the secret, only its last four characters. */
export const apiTokenView = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiTokenScope),
  /** `sg_…` and the secret's last four characters, to tell tokens apart. */
  hint: z.string(),
  status: z.enum(['active', 'expired', 'revoked']),
  created_at: z.string(),
  created_by: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** To the minute: a token in use is not written on every request. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenView>;

export const apiTokenList = z.object({ api_tokens: z.array(apiTokenView) });

/** The answer to a creation: the only time the secret is shown. */
export const createdApiToken = z.object({ api_token: apiTokenView, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const apiTokenIdParams = z.object({ id: z.uuid('must be an API token id') });

export const API_TOKEN_EVENT_ACTIONS = [
  'created',
  'revoked',
  'scope-denied',
  'route-refused',
  'use-refused',
] as const;

/** One line of the token audit log: who did what to (or with) which token, and when. */
export const apiTokenEvent = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(API_TOKEN_EVENT_ACTIONS),
  token_id: z.string().nullable(),
  token_name: z.string(),
  /** The person who acted, or null when the token itself was refused. */
  actor: z.string().nullable(),
  detail: z.string(),
});
export type ApiTokenEvent = z.infer<typeof apiTokenEvent>;

export const apiTokenEventList = z.object({ events: z.array(apiTokenEvent) });
