import { z } from 'zod';

/** The error body of every non-OK API answer ("Code and Message fields"). */
export const apiErrorBody = z.object({ Code: z.string(), Message: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** What each error status means across the API; the OpenAPI document shows it as the answer's description. */
const ERROR_MEANINGS = {
  400: 'The input is invalid; Message names the field.',
  401: 'Not signed in, or the session (or chat token) has ended.',
  402: "The organization's subscription has expired.",
  403: 'Signed in but not allowed: role, plan limit, unverified e-mail or a write from another site.',
  404: "Not found in the viewer's organization.",
  409: 'Conflicts with the current state (a taken slug, the last owner, a run already going).',
  410: 'The link has expired or was already used.',
  413: 'The upload is larger than the server accepts.',
  429: 'Too many attempts; wait for the Retry-After header.',
  502: 'An outside service (Stripe, Slack) refused or failed.',
  503: 'The feature is not configured on this server.',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/**
 * The `{Code, Message}` answers a route declares next to its success schema, one described schema per
 * status: `response: { 200: thing, ...errorAnswers(400, 401, 404) }`.
 */
export function errorAnswers<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof apiErrorBody } {
  return Object.fromEntries(
    statuses.map((status) => [status, apiErrorBody.describe(ERROR_MEANINGS[status])]),
  ) as { [K in S[number]]: typeof apiErrorBody };
}
